import { createHash } from 'node:crypto';

/**
 * The Smart-ID verification code the person compares on the phone (DOMAIN.md): the last two bytes of
 * SHA-256(hash) as a big-endian unsigned integer, mod 10000, zero-padded to four digits.
 */
export function smartIdVerificationCode(hash: Buffer): string {
  const digest = createHash('sha256').update(hash).digest();
  return String(digest.readUInt16BE(digest.length - 2) % 10000).padStart(4, '0');
}
