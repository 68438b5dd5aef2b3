import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCode, signCode } from './signed-codes.ts';

describe('signed codes in message links', () => {
  const key = randomBytes(32);

  it('opens to the id it was signed for, for its own purpose only', () => {
    const id = randomUUID();
    const code = signCode(key, 'continue', id);
    expect(code).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(openCode(key, 'continue', code)).toBe(id);
    expect(openCode(key, 'unsubscribe', code)).toBeNull();
    expect(openCode(randomBytes(32), 'continue', code)).toBeNull();
  });

  it('refuses altered, truncated and foreign codes', () => {
    const code = signCode(key, 'continue', randomUUID());
    const [idPart, macPart] = code.split('.') as [string, string];
    const other = signCode(key, 'continue', randomUUID()).split('.')[0];
    for (const bad of [`${other}.${macPart}`, idPart, `${code}.x`, `${idPart}.${macPart.slice(1)}`, '', 5, null]) {
      expect(openCode(key, 'continue', bad)).toBeNull();
    }
  });
});
