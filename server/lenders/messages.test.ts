import { describe, expect, it } from 'vitest';
import { partnerApplicationFixture } from './application-fixture.ts';
import { partnerApplicationSchema, partnerCallbackSchema } from './messages.ts';

const ids = {
  requestId: '6f1c2f7e-8a0b-4c1d-9e2f-3a4b5c6d7e8f',
  applicationRef: '0b7d8c9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  lenderId: 'amber-finance',
};

describe('partnerApplicationSchema', () => {
  it('accepts the fixture', () => {
    expect(partnerApplicationSchema.parse(partnerApplicationFixture())).toBeTruthy();
  });
  it.each([
    ['a non-uuid requestId', { requestId: 'abc' }],
    ['a javascript: callback', { callbackUrl: 'javascript:alert(1)' }],
    ['a relative callback', { callbackUrl: '/callbacks' }],
  ])('rejects %s', (_label, override) => {
    expect(partnerApplicationSchema.safeParse({ ...partnerApplicationFixture(), ...override }).success).toBe(false);
  });
  it('rejects an unknown purpose, a bad date of birth, a negative income, fractional dependents', () => {
    const bad = [
      partnerApplicationFixture({ loan: { purpose: 'holiday' as never } }),
      partnerApplicationFixture({ applicant: { dateOfBirth: '12.04.1985' } }),
      partnerApplicationFixture({ applicant: { monthlyIncome: -1 } }),
      partnerApplicationFixture({ applicant: { dependents: 1.5 } }),
      partnerApplicationFixture({ applicant: { personalCode: 'PNOLV-120485-12345' } }),
    ];
    for (const application of bad) expect(partnerApplicationSchema.safeParse(application).success).toBe(false);
  });
});

describe('partnerCallbackSchema', () => {
  it('parses each type', () => {
    const offer = {
      offerId: 'o1',
      amount: 5000,
      term: 48,
      annualRate: 12.9,
      arrangementFee: 150,
      monthlyFee: 0,
      validUntil: '2026-06-01T00:00:00.000Z',
    };
    expect(partnerCallbackSchema.parse({ ...ids, type: 'offer', offer }).type).toBe('offer');
    expect(partnerCallbackSchema.parse({ ...ids, type: 'decline', reason: 'income' }).type).toBe('decline');
    expect(partnerCallbackSchema.parse({ ...ids, type: 'signed', offerId: 'o1', contractRef: 'LV-1' }).type).toBe(
      'signed',
    );
    expect(
      partnerCallbackSchema.parse({ ...ids, type: 'paid', offerId: 'o1', paidAt: '2026-06-01T10:00:00Z' }).type,
    ).toBe('paid');
  });
  it('rejects an unknown type, an unknown reason and an offer without terms', () => {
    expect(partnerCallbackSchema.safeParse({ ...ids, type: 'maybe' }).success).toBe(false);
    expect(partnerCallbackSchema.safeParse({ ...ids, type: 'decline', reason: 'mood' }).success).toBe(false);
    expect(partnerCallbackSchema.safeParse({ ...ids, type: 'offer', offer: { offerId: 'x' } }).success).toBe(false);
  });
});
