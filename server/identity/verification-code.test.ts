import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smartIdVerificationCode } from './verification-code.ts';

describe('smartIdVerificationCode', () => {
  // Vectors computed with Python's hashlib: int.from_bytes(sha256(h)[-2:], 'big') % 10000.
  it('matches known vectors', () => {
    expect(smartIdVerificationCode(Buffer.from(Array.from({ length: 64 }, (_, i) => i)))).toBe('4360'); // …1108
    expect(smartIdVerificationCode(Buffer.alloc(0))).toBe('7189'); // …b855 = 47189
    expect(smartIdVerificationCode(createHash('sha512').update('Kreditkompass').digest())).toBe('7810'); // …4592
  });

  it('zero-pads to four digits', () => {
    // SHA-256 of SHA-512("74") ends in 9c73 = 40051 → 0051
    expect(smartIdVerificationCode(createHash('sha512').update('74').digest())).toBe('0051');
  });

  it('agrees with a hex-string computation for random hashes', () => {
    for (let i = 0; i < 50; i++) {
      const hash = createHash('sha512').update(`sample ${i}`).digest();
      const hex = createHash('sha256').update(hash).digest('hex');
      const expected = (parseInt(hex.slice(-4), 16) % 10000).toString().padStart(4, '0');
      expect(smartIdVerificationCode(hash)).toBe(expected);
    }
  });
});
