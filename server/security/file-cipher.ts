import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * AES-256-GCM for files at rest, in chunks, so a file is encrypted and decrypted as it streams and never held
 * whole. The same keys as the field cipher (ENCRYPTION_KEYS), so files rotate and retire with the rest of an
 * application's data. Each file gets its own key, derived with HKDF from the configured key, a random salt and
 * the file's id: chunk nonces can then be a plain counter without ever repeating under one key, and a file
 * copied under another id does not decrypt. The counter and a last-chunk flag in each nonce make a reordered,
 * dropped or truncated chunk fail its tag.
 *
 * Layout: "KKF1", key id length (1 byte), key id, salt (32 bytes), then chunks of CHUNK bytes of plaintext, each
 * followed by its 16-byte tag; the last chunk is shorter or equal (possibly empty) and flagged.
 */

const MAGIC = Buffer.from('KKF1');
const CHUNK = 64 * 1024;
const TAG = 16;
const RECORD = CHUNK + TAG;

export interface FileCipher {
  encrypt(fileId: string): Transform;
  decrypt(fileId: string): Transform;
}

const nonce = (index: number, last: boolean): Buffer => {
  const iv = Buffer.alloc(12);
  iv.writeBigUInt64BE(BigInt(index), 0);
  iv[11] = last ? 1 : 0;
  return iv;
};

export function createFileCipher(keys: ReadonlyMap<string, Buffer>, currentKeyId: string): FileCipher {
  const current = keys.get(currentKeyId);
  if (!current) throw new Error(`encryption key ${currentKeyId} is not configured`);
  const fileKey = (key: Buffer, salt: Buffer, fileId: string): KeyObject =>
    createSecretKey(Buffer.from(hkdfSync('sha256', key, salt, `kreditkompass document ${fileId}`, 32)));

  return {
    encrypt(fileId) {
      const salt = randomBytes(32);
      const key = fileKey(current, salt, fileId);
      const keyId = Buffer.from(currentKeyId);
      let index = 0;
      // the chunks as they came, joined once a full one is there: joining on every write copies each byte again
      let parts: Buffer[] = [];
      let size = 0;
      const seal = (plain: Buffer, last: boolean): Buffer => {
        const cipher = createCipheriv('aes-256-gcm', key, nonce(index++, last));
        return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      };
      return new Transform({
        construct(callback) {
          this.push(Buffer.concat([MAGIC, Buffer.from([keyId.length]), keyId, salt]));
          callback();
        },
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          parts.push(chunk);
          size += chunk.length;
          // a full chunk goes only once more follows it: the last one, flagged, is sealed in flush
          if (size > CHUNK) {
            const all = Buffer.concat(parts, size);
            let offset = 0;
            for (; size - offset > CHUNK; offset += CHUNK) this.push(seal(all.subarray(offset, offset + CHUNK), false));
            parts = [all.subarray(offset)];
            size -= offset;
          }
          callback();
        },
        flush(callback) {
          this.push(seal(Buffer.concat(parts, size), true));
          parts = [];
          size = 0;
          callback();
        },
      });
    },

    decrypt(fileId) {
      let header: Buffer | null = Buffer.alloc(0);
      let key: KeyObject | null = null;
      let index = 0;
      let pending: Buffer = Buffer.alloc(0);
      const open = (record: Buffer, last: boolean): Buffer => {
        if (!key || record.length < TAG) throw new Error('truncated file');
        const decipher = createDecipheriv('aes-256-gcm', key, nonce(index++, last));
        decipher.setAuthTag(record.subarray(record.length - TAG));
        return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG)), decipher.final()]);
      };
      return new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          try {
            if (header !== null) {
              header = Buffer.concat([header, chunk]);
              const keyIdLength = header[4];
              if (header.length < 5 || keyIdLength === undefined) return callback();
              const headerLength = 5 + keyIdLength + 32;
              if (header.length < headerLength) return callback();
              if (!header.subarray(0, 4).equals(MAGIC)) throw new Error('not an encrypted document');
              const keyId = header.subarray(5, 5 + keyIdLength).toString();
              const configured = keys.get(keyId);
              if (!configured) throw new Error(`encryption key ${keyId} is not configured`);
              key = fileKey(configured, header.subarray(5 + keyIdLength, headerLength), fileId);
              chunk = header.subarray(headerLength);
              header = null;
            }
            pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
            while (pending.length > RECORD) {
              this.push(open(pending.subarray(0, RECORD), false));
              pending = pending.subarray(RECORD);
            }
            callback();
          } catch (error) {
            callback(error as Error);
          }
        },
        flush(callback) {
          try {
            if (header !== null) throw new Error('truncated file');
            this.push(open(pending, true));
            callback();
          } catch (error) {
            callback(error as Error);
          }
        },
      });
    },
  };
}
