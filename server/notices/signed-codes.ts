import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Codes in the links of our messages: a row's id and an HMAC of it under the lookup key, so a code
 * cannot be made up or altered; the row it names is what makes it expire or be revoked.
 */
export type CodePurpose = 'continue' | 'unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (key: Buffer, purpose: CodePurpose, id: string): Buffer =>
  createHmac('sha256', key).update(`${purpose}\0${id}`).digest().subarray(0, 24);

const idBytes = (id: string): Buffer => Buffer.from(id.replaceAll('-', ''), 'hex');

const idOfBytes = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function signCode(key: Buffer, purpose: CodePurpose, id: string): string {
  return `${idBytes(id).toString('base64url')}.${mac(key, purpose, id).toString('base64url')}`;
}

/** The id a code names, when its signature holds; null for anything else. */
export function openCode(key: Buffer, purpose: CodePurpose, code: unknown): string | null {
  if (typeof code !== 'string' || code.length > 100) return null;
  const [idPart, macPart, extra] = code.split('.');
  if (!idPart || !macPart || extra !== undefined) return null;
  const bytes = Buffer.from(idPart, 'base64url');
  if (bytes.length !== 16) return null;
  const id = idOfBytes(bytes);
  if (!UUID.test(id)) return null;
  const given = Buffer.from(macPart, 'base64url');
  const expected = mac(key, purpose, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
