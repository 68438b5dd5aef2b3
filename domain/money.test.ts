import { describe, expect, it } from 'vitest';
import { annualPercentageRate, annuityPayment, exceedsCostCap, loanCost, roundCents, termDays } from './money.ts';
import { representativeExample } from './representative-example.ts';
import { LOAN_AMOUNTS, nearestAmountIndex, clampTerm } from './loan-options.ts';

describe('annuityPayment', () => {
  it('matches the spec example: 12 000 EUR over 60 months at 9.89 % is 254.32 a month', () => {
    expect(roundCents(annuityPayment(12_000, 9.89, 60))).toBe(254.32);
  });
  it('matches the spec example at 20 %: 317.93 a month', () => {
    expect(roundCents(annuityPayment(12_000, 20, 60))).toBe(317.93);
  });
  it('splits the principal evenly at zero interest', () => {
    expect(annuityPayment(1200, 0, 12)).toBe(100);
  });
  it('is zero for an empty loan', () => {
    expect(annuityPayment(0, 10, 12)).toBe(0);
  });
});

describe('annualPercentageRate', () => {
  it('equals the effective annual rate when there are no charges', () => {
    const monthly = annuityPayment(12_000, 12, 24);
    const flows = Array.from({ length: 24 }, (_, i) => ({ years: (i + 1) / 12, amount: monthly }));
    const apr = annualPercentageRate([{ years: 0, amount: 12_000 }], flows);
    expect(apr).toBeCloseTo(1.01 ** 12 - 1, 8);
  });
  it('solves a single repayment a year later exactly', () => {
    expect(annualPercentageRate([{ years: 0, amount: 1000 }], [{ years: 1, amount: 1100 }])).toBeCloseTo(0.1, 10);
  });
  it('counts a fee paid at drawdown as cost', () => {
    // 1000 lent, 50 fee at once, 1000 back after a year: 1000 = 50 + 1000/(1+X) → X = 1000/950 − 1
    const apr = annualPercentageRate(
      [{ years: 0, amount: 1000 }],
      [
        { years: 0, amount: 50 },
        { years: 1, amount: 1000 },
      ],
    );
    expect(apr).toBeCloseTo(1000 / 950 - 1, 10);
  });
});

describe('representative example', () => {
  it('reproduces the spec figures: 254.32 a month, 15 847.20 payable', () => {
    const example = representativeExample();
    expect(example.instalment).toBe(254.32);
    expect(example.totalPayable).toBe(15_847.2);
    expect(example.totalCostOfCredit).toBe(3847.2);
  });
  it('has an APR above the borrowing rate because of the arrangement fee', () => {
    const example = representativeExample();
    expect(example.aprPercent).toBeGreaterThan(12);
    expect(example.aprPercent).toBeLessThan(13);
    expect(loanCost({ ...example.terms, arrangementFee: 0 }).aprPercent).toBeCloseTo(
      ((1 + 0.0989 / 12) ** 12 - 1) * 100,
      1,
    );
  });
});

describe('cost cap', () => {
  it('allows the representative example and flags a cost above 0.07 % a day', () => {
    const days = termDays(60);
    expect(days).toBe(1826);
    expect(exceedsCostCap(12_000, 3847.2, days)).toBe(false);
    expect(exceedsCostCap(1000, 1000 * 0.0007 * 30 + 0.01, 30)).toBe(true);
  });
  it('allows a cost exactly at the cap despite floating point', () => {
    expect(1000 * 0.0007 * 365).toBeLessThan(255.5);
    expect(exceedsCostCap(1000, 255.5, 365)).toBe(false);
    expect(exceedsCostCap(1000, 255.51, 365)).toBe(true);
  });
});

describe('loan options', () => {
  it('offers the 29 amounts of the spec', () => {
    expect(LOAN_AMOUNTS).toHaveLength(29);
    expect(LOAN_AMOUNTS.slice(0, 7)).toEqual([500, 750, 1000, 1500, 2000, 2500, 3000]);
    expect(LOAN_AMOUNTS.at(-1)).toBe(25_000);
  });
  it('snaps any amount to the nearest allowed one and clamps the term', () => {
    expect(LOAN_AMOUNTS[nearestAmountIndex(5200)]).toBe(5000);
    expect(LOAN_AMOUNTS[nearestAmountIndex(99_999)]).toBe(25_000);
    expect(clampTerm(3)).toBe(6);
    expect(clampTerm(120)).toBe(84);
  });
});
