import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for personal data at rest. Each ciphertext names the key it was made with, so keys
 * can rotate: new data uses the current key, old data stays readable while its key is configured.
 */
export interface FieldCipher {
  readonly currentKeyId: string;
  encrypt(plaintext: string, associatedData: string): { keyId: string; ciphertext: string };
  decrypt(keyId: string, ciphertext: string, associatedData: string): string;
}

export function createFieldCipher(keys: ReadonlyMap<string, Buffer>, currentKeyId: string): FieldCipher {
  for (const [id, key] of keys) {
    if (key.length !== 32) throw new Error(`encryption key ${id} must be 32 bytes`);
  }
  // key objects, made once: a cipher from raw key bytes checks and wraps them on every call (3× slower)
  const keyObjects = new Map([...keys].map(([id, key]) => [id, createSecretKey(key)]));
  const current = keyObjects.get(currentKeyId);
  if (!current) throw new Error(`encryption key ${currentKeyId} is not configured`);
  return {
    currentKeyId,
    encrypt(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      // binding the row id means a ciphertext copied onto another row does not decrypt
      cipher.setAAD(Buffer.from(associatedData));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const ciphertext = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
      return { keyId: currentKeyId, ciphertext };
    },
    decrypt(keyId, ciphertext, associatedData) {
      const key = keyObjects.get(keyId);
      if (!key) throw new Error(`encryption key ${keyId} is not configured`);
      const [iv, tag, body] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(associatedData));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/** ENCRYPTION_KEYS="id1:base64key,id2:base64key"; the current key is ENCRYPTION_KEY_ID or the last listed. */
export function parseKeyList(list: string): { keys: Map<string, Buffer>; lastId: string } {
  const keys = new Map<string, Buffer>();
  let lastId = '';
  for (const entry of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    if (separator < 1) throw new Error('ENCRYPTION_KEYS entries look like id:base64key');
    lastId = entry.slice(0, separator);
    keys.set(lastId, Buffer.from(entry.slice(separator + 1), 'base64'));
  }
  if (!lastId) throw new Error('ENCRYPTION_KEYS is empty');
  return { keys, lastId };
}
