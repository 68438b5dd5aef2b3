import { describe, expect, it } from 'vitest';
import { lenderOfferTermsSchema, normalizeOffer, offerSchema, type LenderOfferTerms } from './offer.ts';
import { isOfferExpired } from './offer-validity.ts';
import { representativeExample } from './representative-example.ts';

const lender = { id: 'ziemelu-banka', name: 'Ziemeļu Banka', kind: 'bank' } as const;

const terms = (overrides: Partial<LenderOfferTerms> = {}): LenderOfferTerms => ({
  offerId: 'of-1',
  amount: 12_000,
  term: 60,
  annualRate: 9.89,
  arrangementFee: 588,
  monthlyFee: 0,
  validUntil: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

describe('lenderOfferTermsSchema', () => {
  it('accepts a well-formed offer and an offset datetime', () => {
    expect(lenderOfferTermsSchema.safeParse(terms()).success).toBe(true);
    expect(lenderOfferTermsSchema.safeParse(terms({ validUntil: '2026-03-01T12:00:00+02:00' })).success).toBe(true);
  });
  it.each([
    ['empty offerId', { offerId: '' }],
    ['long offerId', { offerId: 'x'.repeat(65) }],
    ['zero amount', { amount: 0 }],
    ['fractional term', { term: 12.5 }],
    ['term above 120', { term: 121 }],
    ['negative rate', { annualRate: -1 }],
    ['rate above 200', { annualRate: 201 }],
    ['negative fee', { arrangementFee: -1 }],
    ['negative monthly fee', { monthlyFee: -0.01 }],
    ['date without time', { validUntil: '2026-03-01' }],
  ])('rejects %s', (_label, override) => {
    expect(lenderOfferTermsSchema.safeParse({ ...terms(), ...override }).success).toBe(false);
  });
  it('rejects non-finite numbers', () => {
    expect(lenderOfferTermsSchema.safeParse(terms({ amount: Infinity })).success).toBe(false);
    expect(lenderOfferTermsSchema.safeParse(terms({ annualRate: NaN })).success).toBe(false);
  });
});

describe('normalizeOffer', () => {
  it('reproduces the representative example: 254.32 a month, 15 847.20 payable, APR 12.77 %', () => {
    const offer = normalizeOffer(terms(), lender, 'o1');
    expect(offer).toMatchObject({
      id: 'o1',
      lenderId: 'ziemelu-banka',
      lenderName: 'Ziemeļu Banka',
      lenderKind: 'bank',
      monthlyPayment: 254.32,
      totalPayable: 15_847.2,
      totalCostOfCredit: 3847.2,
      apr: 12.77,
      exceedsCostCap: false,
    });
    const example = representativeExample();
    expect(offer.monthlyPayment).toBe(example.instalment);
    expect(offer.totalPayable).toBe(example.totalPayable);
    expect(offer.apr).toBe(example.aprPercent);
    expect(offerSchema.parse(offer)).toEqual(offer);
  });

  it('computes the APR itself: the same terms always give the same APR', () => {
    const a = normalizeOffer(terms(), lender, 'a');
    const b = normalizeOffer(terms({ offerId: 'other' }), { ...lender, id: 'x' }, 'b');
    expect(a.apr).toBe(b.apr);
  });

  it('adds the monthly fee to the instalment, the total and the APR', () => {
    const plain = normalizeOffer(terms(), lender, 'p');
    const withFee = normalizeOffer(terms({ monthlyFee: 5 }), lender, 'f');
    expect(withFee.monthlyPayment).toBe(259.32);
    expect(withFee.totalPayable).toBe(16_147.2);
    expect(withFee.totalCostOfCredit).toBe(4147.2);
    expect(withFee.apr).toBeGreaterThan(plain.apr + 0.9);
    expect(withFee.apr).toBe(13.74);
  });

  it('equals the effective rate when there are no charges', () => {
    const offer = normalizeOffer(terms({ arrangementFee: 0, annualRate: 12, term: 24 }), lender, 'n');
    expect(offer.apr).toBeCloseTo((1.01 ** 12 - 1) * 100, 2);
  });

  it('rounds money to cents', () => {
    const offer = normalizeOffer(terms({ amount: 1000.004, arrangementFee: 10.006, monthlyFee: 1.234 }), lender, 'r');
    expect(offer.amount).toBe(1000);
    expect(offer.arrangementFee).toBe(10.01);
    expect(offer.monthlyFee).toBe(1.23);
    for (const figure of [offer.monthlyPayment, offer.totalPayable, offer.totalCostOfCredit]) {
      expect(Math.round(figure * 100) / 100).toBe(figure);
    }
  });

  describe('cost cap (0.07 % of the amount per day)', () => {
    // 1000 EUR over 12 months (365 days from the reference date): at most 255.50 EUR of cost.
    // At 30 % the interest alone is 169.88 EUR (97.49 × 12 − 1000).
    const base = { amount: 1000, term: 12, annualRate: 30, monthlyFee: 0 };

    it('allows an offer whose cost is exactly at the cap', () => {
      const offer = normalizeOffer(terms({ ...base, arrangementFee: 85.62 }), lender, 'c');
      expect(offer.totalCostOfCredit).toBe(255.5);
      expect(offer.exceedsCostCap).toBe(false);
    });

    it('flags an offer one cent above the cap', () => {
      const offer = normalizeOffer(terms({ ...base, arrangementFee: 85.63 }), lender, 'c');
      expect(offer.totalCostOfCredit).toBe(255.51);
      expect(offer.exceedsCostCap).toBe(true);
    });

    it('flags a short, expensive small loan', () => {
      const offer = normalizeOffer(
        terms({ amount: 500, term: 6, annualRate: 40, arrangementFee: 40, monthlyFee: 0 }),
        lender,
        'h',
      );
      // cap: 500 × 0.0007 × 181 days = 63.35 EUR; cost 99.92 EUR
      expect(offer.totalCostOfCredit).toBe(99.92);
      expect(offer.exceedsCostCap).toBe(true);
    });

    it('counts the days from the drawdown date when given', () => {
      // 6 months from 1 January is 181 days, from 1 July 184 days: cap 63.35 vs 64.40 EUR
      const offer = (fee: number, drawdown?: Date) =>
        normalizeOffer(terms({ amount: 500, term: 6, annualRate: 0, arrangementFee: fee }), lender, 'd', drawdown);
      expect(offer(64).exceedsCostCap).toBe(true);
      expect(offer(64, new Date(Date.UTC(2026, 6, 1))).exceedsCostCap).toBe(false);
    });
  });
});

describe('isOfferExpired', () => {
  it('is true from the moment the validity ends', () => {
    const offer = { validUntil: '2026-12-21T00:00:00.000Z' };
    expect(isOfferExpired(offer, Date.parse('2026-12-20T23:59:59.999Z'))).toBe(false);
    expect(isOfferExpired(offer, Date.parse('2026-12-21T00:00:00.000Z'))).toBe(true);
  });
});
