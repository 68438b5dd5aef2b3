import { describe, expect, it } from 'vitest';
import { lenderRegistryOf } from '../../lenders/lender-config.ts';
import { sandboxLendersConfig } from './sandbox-lenders-config.ts';
import { findSandboxLender, SANDBOX_LENDERS } from './catalogue.ts';

describe('sandbox lender catalogue', () => {
  it('has 16 lenders: 6 banks and 10 non-banks, unique ids and names', () => {
    expect(SANDBOX_LENDERS).toHaveLength(16);
    expect(SANDBOX_LENDERS.filter((lender) => lender.kind === 'bank')).toHaveLength(6);
    expect(SANDBOX_LENDERS.filter((lender) => lender.kind === 'nonBank')).toHaveLength(10);
    expect(new Set(SANDBOX_LENDERS.map((lender) => lender.id)).size).toBe(16);
    expect(new Set(SANDBOX_LENDERS.map((lender) => lender.name)).size).toBe(16);
  });

  it('uses no real lender names', () => {
    const real =
      /seb|swed|citadele|luminor|bigbank|inbank|delfin|banknote|ipf|credit24|4finance|via sms|sefinance|bino|ondo|ferratum|rietumu|signet|blue ?orange/i;
    for (const lender of SANDBOX_LENDERS) expect(lender.name).not.toMatch(real);
  });

  it('keeps banks and non-banks within the market ranges', () => {
    for (const lender of SANDBOX_LENDERS) {
      expect(lender.id).toMatch(/^[a-z0-9-]+$/);
      expect(lender.minAmount).toBeLessThan(lender.maxAmount);
      expect(lender.minTerm).toBeLessThan(lender.maxTerm);
      expect(lender.baseRate).toBeLessThan(lender.maxRate);
      expect(lender.purposes.length).toBeGreaterThan(0);
      expect(lender.delay.minSeconds).toBeLessThanOrEqual(lender.delay.medianSeconds);
      expect(lender.delay.medianSeconds).toBeLessThanOrEqual(lender.delay.maxSeconds);
      if (lender.kind === 'bank') {
        expect(lender.minAmount).toBeGreaterThanOrEqual(500);
        expect(lender.maxAmount).toBeLessThanOrEqual(25_000);
        expect(lender.minTerm).toBeGreaterThanOrEqual(6);
        expect(lender.maxTerm).toBeLessThanOrEqual(84);
        expect(lender.baseRate).toBeGreaterThanOrEqual(6.9);
      } else {
        expect(lender.minAmount).toBeGreaterThanOrEqual(50);
        expect(lender.maxAmount).toBeLessThanOrEqual(15_000);
        expect(lender.minTerm).toBeGreaterThanOrEqual(3);
        expect(lender.maxTerm).toBeLessThanOrEqual(120);
        expect(lender.maxRate).toBeLessThanOrEqual(40);
      }
    }
  });

  it('finds a lender by id', () => {
    expect(findSandboxLender('amber-finance')?.name).toBe('Amber Finance');
    expect(findSandboxLender('nope')).toBeUndefined();
  });
});

describe('the sandbox lenders configuration', () => {
  it('passes the lenders configuration check and points every lender at the sandbox with its derived secret', () => {
    const registry = lenderRegistryOf(sandboxLendersConfig('http://127.0.0.1:3000/sandbox/lenders/'));
    expect(registry).toHaveLength(16);
    const first = registry[0];
    if (!first) throw new Error('empty registry');
    expect(first.baseUrl).toBe(`http://127.0.0.1:3000/sandbox/lenders/${first.id}`);
    expect(first.secret).toHaveLength(32);
    expect(new Set(registry.map((lender) => lender.secret.toString('hex'))).size).toBe(16);
  });
});
