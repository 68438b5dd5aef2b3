import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, parseKeyList } from './field-cipher.ts';

describe('field cipher', () => {
  const keyA = randomBytes(32);
  const keyB = randomBytes(32);

  it('round-trips and never shows the plaintext', () => {
    const cipher = createFieldCipher(new Map([['a', keyA]]), 'a');
    const { keyId, ciphertext } = cipher.encrypt('010180-15097', 'row-1');
    expect(keyId).toBe('a');
    expect(ciphertext).not.toContain('010180');
    expect(cipher.decrypt(keyId, ciphertext, 'row-1')).toBe('010180-15097');
  });

  it('refuses a ciphertext moved to another row or tampered with', () => {
    const cipher = createFieldCipher(new Map([['a', keyA]]), 'a');
    const { ciphertext } = cipher.encrypt('secret', 'row-1');
    expect(() => cipher.decrypt('a', ciphertext, 'row-2')).toThrow();
    const tampered = ciphertext.slice(0, -2) + (ciphertext.endsWith('A') ? 'BB' : 'AA');
    expect(() => cipher.decrypt('a', tampered, 'row-1')).toThrow();
  });

  it('reads data written under an older key after rotation', () => {
    const old = createFieldCipher(new Map([['a', keyA]]), 'a');
    const { ciphertext } = old.encrypt('income 1800', 'row');
    const rotated = createFieldCipher(
      new Map([
        ['a', keyA],
        ['b', keyB],
      ]),
      'b',
    );
    expect(rotated.decrypt('a', ciphertext, 'row')).toBe('income 1800');
    expect(rotated.encrypt('x', 'row').keyId).toBe('b');
  });

  it('parses the key list from the environment', () => {
    const { keys, lastId } = parseKeyList(`a:${keyA.toString('base64')}, b:${keyB.toString('base64')}`);
    expect(lastId).toBe('b');
    expect(keys.get('a')?.equals(keyA)).toBe(true);
    expect(() => parseKeyList('nokey')).toThrow();
  });
});
