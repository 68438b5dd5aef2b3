import { describe, expect, it } from 'vitest';
import { lenderDelayFromEnv } from './lender-delay.ts';

describe('SANDBOX_LENDER_DELAY_MS', () => {
  it('reads realistic, a fixed delay and a range', () => {
    expect(lenderDelayFromEnv(undefined)).toBe('realistic');
    expect(lenderDelayFromEnv('')).toBe('realistic');
    expect(lenderDelayFromEnv('0')).toBe(0);
    expect(lenderDelayFromEnv('2000-8000')).toEqual({ minMs: 2000, maxMs: 8000 });
  });

  it('refuses what it cannot read, naming the variable', () => {
    expect(() => lenderDelayFromEnv('soon')).toThrow(/SANDBOX_LENDER_DELAY_MS/);
    expect(() => lenderDelayFromEnv('8000-2000')).toThrow(/SANDBOX_LENDER_DELAY_MS/);
    expect(() => lenderDelayFromEnv('-5')).toThrow(/SANDBOX_LENDER_DELAY_MS/);
  });
});
