import { describe, expect, it } from 'vitest';
import { annuityPayment, roundCents } from '../../../domain/money.ts';
import { normalizeOffer, type LenderOfferTerms } from '../../../domain/offer.ts';
import { representativeExample } from '../../../domain/representative-example.ts';
import { partnerApplicationFixture } from '../../lenders/application-fixture.ts';
import type { PartnerApplication } from '../../lenders/messages.ts';
import { findSandboxLender, type SandboxLender } from './catalogue.ts';
import { ageOn, decide, offerIdFor, type LenderDecision } from './decide.ts';

const today = new Date('2026-05-04T10:00:00.000Z');

const lender = (id: string): SandboxLender => {
  const found = findSandboxLender(id);
  if (!found) throw new Error(id);
  return found;
};
const bank = lender('gaujas-banka'); // 500–20 000 EUR, 6–84 months, 7.5 %, fee 1.5 % min 35, 2.50 a month
const nonBank = lender('amber-finance'); // 300–15 000 EUR, 6–120 months, all purposes

const offerOf = (decision: LenderDecision): LenderOfferTerms => {
  if (decision.type !== 'offer') throw new Error(`expected an offer, got decline: ${decision.reason}`);
  return decision.offer;
};
const instalment = (offer: LenderOfferTerms) =>
  roundCents(annuityPayment(offer.amount, offer.annualRate, offer.term)) + offer.monthlyFee;
const debtService = (offer: LenderOfferTerms, application: PartnerApplication) =>
  (instalment(offer) + application.applicant.monthlyLiabilities) / application.applicant.monthlyIncome;

describe('decide: a good applicant', () => {
  const application = partnerApplicationFixture();

  it('gets an offer on the terms asked', () => {
    const offer = offerOf(decide(bank, application, today));
    expect(offer).toMatchObject({ amount: 5000, term: 48, monthlyFee: 2.5, arrangementFee: 75 });
    expect(offer.annualRate).toBeGreaterThanOrEqual(bank.baseRate);
    expect(offer.validUntil).toBe('2026-05-25T10:00:00.000Z');
  });

  it('is deterministic: the same application gets the same answer, the same offer id', () => {
    expect(decide(bank, application, today)).toEqual(decide(bank, structuredClone(application), today));
    const offer = offerOf(decide(bank, application, today));
    expect(offer.offerId).toBe(offerIdFor(bank.id, application.applicationRef));
    expect(offer.offerId).toMatch(/^[0-9a-f]{32}$/);
    expect(offerOf(decide(nonBank, application, today)).offerId).not.toBe(offer.offerId);
    const other = partnerApplicationFixture({ applicationRef: crypto.randomUUID() });
    expect(offerOf(decide(bank, other, today)).offerId).not.toBe(offer.offerId);
  });

  it('gives the best risk the base rate: Baltā Bērza Banka makes the representative example', () => {
    const best = partnerApplicationFixture({
      loan: { amount: 12_000, term: 60 },
      applicant: { monthlyIncome: 3500, monthlyLiabilities: 0, ownsProperty: true },
    });
    const offer = offerOf(decide(lender('balta-berza-banka'), best, today));
    expect(offer).toMatchObject({ amount: 12_000, term: 60, annualRate: 9.89, arrangementFee: 588, monthlyFee: 0 });
    const shown = normalizeOffer(offer, { id: 'balta-berza-banka', name: 'Baltā Bērza Banka', kind: 'bank' }, 'x');
    expect(shown.monthlyPayment).toBe(representativeExample().instalment);
    expect(shown.totalPayable).toBe(representativeExample().totalPayable);
  });

  it('charges more to a riskier applicant and never more than the maximum rate', () => {
    const safe = offerOf(decide(nonBank, application, today)).annualRate;
    const risky = partnerApplicationFixture({
      applicant: {
        monthlyIncome: 650,
        monthlyLiabilities: 50,
        dependents: 3,
        incomeTypes: [{ type: 'fullTimeJob', employmentDuration: '3to6Months' }],
      },
      loan: { amount: 500, term: 24 },
    });
    const riskyRate = offerOf(decide(nonBank, risky, today)).annualRate;
    expect(riskyRate).toBeGreaterThan(safe);
    expect(riskyRate).toBeLessThanOrEqual(nonBank.maxRate);
    expect(
      offerOf(decide(lender('vejs-nauda'), { ...risky, loan: { ...risky.loan, term: 12 } }, today)).annualRate,
    ).toBe(40);
  });

  it('charges at least the minimum arrangement fee', () => {
    const small = partnerApplicationFixture({ loan: { amount: 1000, term: 12 } });
    expect(offerOf(decide(bank, small, today)).arrangementFee).toBe(35);
  });
});

describe('decide: age 18–85', () => {
  const born = (dateOfBirth: string) => partnerApplicationFixture({ applicant: { dateOfBirth } });
  it('declines the day before the 18th birthday and accepts on it', () => {
    expect(decide(bank, born('2008-05-05'), today)).toEqual({ type: 'decline', reason: 'age' });
    expect(decide(bank, born('2008-05-04'), today).type).toBe('offer');
  });
  it('accepts at 85 and declines at 86', () => {
    expect(decide(nonBank, born('1940-05-05'), today).type).toBe('offer');
    expect(decide(nonBank, born('1940-05-04'), today)).toEqual({ type: 'decline', reason: 'age' });
  });
  it('counts full years', () => {
    expect(ageOn('2000-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(26);
  });
});

describe('decide: purpose', () => {
  it('declines a purpose the lender does not serve', () => {
    const car = partnerApplicationFixture({ loan: { purpose: 'buyingCar' } });
    expect(decide(lender('rasa-kredits'), car, today)).toEqual({ type: 'decline', reason: 'purpose' });
    expect(decide(lender('amber-finance'), car, today).type).toBe('offer');
  });
});

describe('decide: documented income', () => {
  const withIncome = (incomeTypes: PartnerApplication['applicant']['incomeTypes'], monthlyIncome = 1800) =>
    partnerApplicationFixture({ applicant: { incomeTypes, monthlyIncome } });

  it('declines without any income type', () => {
    expect(decide(nonBank, withIncome([]), today)).toEqual({ type: 'decline', reason: 'income' });
  });
  it('does not count a student grant at a bank, but a non-bank does', () => {
    const student = withIncome([{ type: 'other', typeOfOtherIncome: 'student', employmentDuration: 'over12Months' }]);
    expect(decide(bank, student, today)).toEqual({ type: 'decline', reason: 'income' });
    expect(decide(nonBank, student, today).type).toBe('offer');
  });
  it('counts a pension at a bank', () => {
    const pension = withIncome([{ type: 'other', typeOfOtherIncome: 'pensioner', employmentDuration: 'over12Months' }]);
    expect(decide(bank, pension, today).type).toBe('offer');
  });
  it('never counts unspecified other income', () => {
    const other = withIncome([{ type: 'other', employmentDuration: 'over12Months' }]);
    expect(decide(nonBank, other, today)).toEqual({ type: 'decline', reason: 'income' });
    const otherOther = withIncome([{ type: 'other', typeOfOtherIncome: 'other', employmentDuration: 'over12Months' }]);
    expect(decide(nonBank, otherOther, today)).toEqual({ type: 'decline', reason: 'income' });
  });
  it("declines income below the lender's minimum", () => {
    const low = withIncome([{ type: 'fullTimeJob', employmentDuration: 'over12Months' }], bank.minMonthlyIncome - 1);
    expect(decide(bank, { ...low, loan: { ...low.loan, amount: 500 } }, today)).toEqual({
      type: 'decline',
      reason: 'income',
    });
  });
});

describe('decide: employment of at least 4 months', () => {
  const employed = (employmentDuration: 'under3Months' | '3to6Months' | 'under12Months') =>
    partnerApplicationFixture({ applicant: { incomeTypes: [{ type: 'fullTimeJob', employmentDuration }] } });

  it('declines under 3 months everywhere', () => {
    expect(decide(bank, employed('under3Months'), today)).toEqual({ type: 'decline', reason: 'employment' });
    expect(decide(nonBank, employed('under3Months'), today)).toEqual({ type: 'decline', reason: 'employment' });
  });
  it('declines 3 to 6 months at banks only', () => {
    expect(decide(bank, employed('3to6Months'), today)).toEqual({ type: 'decline', reason: 'employment' });
    expect(decide(nonBank, employed('3to6Months'), today).type).toBe('offer');
  });
  it('accepts 6 to 12 months at a bank', () => {
    expect(decide(bank, employed('under12Months'), today).type).toBe('offer');
  });
  it('counts the longest of several incomes', () => {
    const two = partnerApplicationFixture({
      applicant: {
        incomeTypes: [
          { type: 'fullTimeJob', employmentDuration: 'under3Months' },
          { type: 'selfEmployment', employmentDuration: 'over12Months' },
        ],
      },
    });
    expect(decide(bank, two, today).type).toBe('offer');
  });
});

describe('decide: amount range', () => {
  const asking = (amount: number, term = 48) =>
    partnerApplicationFixture({ loan: { amount, term }, applicant: { monthlyIncome: 5000 } });

  it('counter-offers the maximum when the amount asked is somewhat above it', () => {
    const offer = offerOf(decide(bank, asking(25_000), today));
    expect(offer.amount).toBe(20_000);
  });
  it('declines an amount far above the maximum', () => {
    expect(decide(lender('zibens-nauda'), asking(10_000, 12), today)).toEqual({
      type: 'decline',
      reason: 'lenderPolicy',
    });
  });
  it('counter-offers the minimum when the amount asked is a little below it', () => {
    expect(offerOf(decide(lender('rasa-kredits'), asking(800), today)).amount).toBe(1000);
  });
  it('declines an amount far below the minimum', () => {
    expect(
      decide(
        lender('rigas-lica-banka'),
        { ...asking(500), loan: { ...asking(500).loan, purpose: 'refinancing' } },
        today,
      ),
    ).toEqual({
      type: 'decline',
      reason: 'lenderPolicy',
    });
  });
  it("clamps the term to the lender's range", () => {
    expect(offerOf(decide(lender('zibens-nauda'), asking(1000, 60), today)).term).toBe(24);
    expect(offerOf(decide(lender('ziemelu-banka'), asking(3000, 6), today)).term).toBe(12);
  });
});

describe('decide: debt service at most 40 % of income', () => {
  it('keeps the terms asked when they fit', () => {
    const application = partnerApplicationFixture();
    const offer = offerOf(decide(bank, application, today));
    expect(debtService(offer, application)).toBeLessThanOrEqual(0.4);
  });

  it('stretches the term when the instalment asked is too high', () => {
    const application = partnerApplicationFixture({
      loan: { amount: 10_000, term: 24 },
      applicant: { monthlyIncome: 1000, monthlyLiabilities: 0 },
    });
    const offer = offerOf(decide(bank, application, today));
    expect(offer.amount).toBe(10_000);
    expect(offer.term).toBeGreaterThan(24);
    expect(offer.term % 6).toBe(0);
    expect(debtService(offer, application)).toBeLessThanOrEqual(0.4);
    expect(debtService({ ...offer, term: offer.term - 6 }, application)).toBeGreaterThan(0.4);
  });

  it('lends less over the longest term when no term fits the amount', () => {
    const application = partnerApplicationFixture({
      loan: { amount: 10_000, term: 24 },
      applicant: { monthlyIncome: 1000, monthlyLiabilities: 300 },
    });
    const offer = offerOf(decide(bank, application, today));
    expect(offer.term).toBe(bank.maxTerm);
    expect(offer.amount).toBeLessThan(10_000);
    expect(offer.amount).toBeGreaterThanOrEqual(2500);
    expect(offer.amount % 100).toBe(0);
    expect(debtService(offer, application)).toBeLessThanOrEqual(0.4);
    expect(debtService({ ...offer, amount: offer.amount + 100 }, application)).toBeGreaterThan(0.4);
  });

  it('declines when even a quarter of the amount does not fit', () => {
    const application = partnerApplicationFixture({
      loan: { amount: 10_000, term: 24 },
      applicant: { monthlyIncome: 1000, monthlyLiabilities: 380 },
    });
    expect(decide(bank, application, today)).toEqual({ type: 'decline', reason: 'debtToIncome' });
  });

  it('declines when existing debts already take 40 % of income', () => {
    const application = partnerApplicationFixture({ applicant: { monthlyIncome: 1000, monthlyLiabilities: 400 } });
    expect(decide(nonBank, application, today)).toEqual({ type: 'decline', reason: 'debtToIncome' });
  });
});

describe('decide: the cost cap lenders', () => {
  it('a short small loan from Zibens Nauda exceeds the cap, a longer one does not', () => {
    const lenderInfo = { id: 'zibens-nauda', name: 'Zibens Nauda', kind: 'nonBank' } as const;
    const short = partnerApplicationFixture({ loan: { amount: 500, term: 6 } });
    const long = partnerApplicationFixture({ loan: { amount: 2000, term: 24 } });
    const zibens = lender('zibens-nauda');
    expect(normalizeOffer(offerOf(decide(zibens, short, today)), lenderInfo, 'a').exceedsCostCap).toBe(true);
    expect(normalizeOffer(offerOf(decide(zibens, long, today)), lenderInfo, 'b').exceedsCostCap).toBe(false);
  });
});
