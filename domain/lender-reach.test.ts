import { describe, expect, it } from 'vitest';
import { lendersToAsk, outOfReach, servesLoan } from './lender-reach.ts';

const lender = {
  id: 'rigas-lica-banka',
  amounts: { min: 2000, max: 25_000 },
  terms: { min: 12, max: 84 },
  purposes: ['refinancing', 'buyingCar', 'houseRepair', 'realEstateLoan', 'business'] as const,
};

describe('who serves which loan: the form shows it, the server asks by it', () => {
  it('serves a loan in its ranges for a purpose it lends for', () => {
    expect(outOfReach(lender, { amount: 5000, term: 36, purpose: 'buyingCar' })).toBeNull();
    expect(servesLoan(lender, { amount: 2000, term: 84, purpose: 'business' })).toBe(true);
  });

  it('leaves out a purpose it does not lend for, and says so', () => {
    expect(outOfReach(lender, { amount: 5000, term: 36, purpose: 'personalNeeds' })).toBe('purpose');
    expect(lendersToAsk([lender], { amount: 5000, term: 36, purpose: 'personalNeeds' }, [])).toEqual([]);
  });

  it('judges no purpose before one is chosen, and takes every purpose from a lender that names none', () => {
    expect(outOfReach(lender, { amount: 5000, term: 36, purpose: null })).toBeNull();
    const anyPurpose = { amounts: lender.amounts, terms: lender.terms };
    expect(outOfReach(anyPurpose, { amount: 5000, term: 36, purpose: 'other' })).toBeNull();
  });

  it('says the amount or term first: a lender outside them is shown with what it lends', () => {
    expect(outOfReach(lender, { amount: 1000, term: 36, purpose: 'personalNeeds' })).toBe('range');
    expect(outOfReach(lender, { amount: 5000, term: 6, purpose: 'buyingCar' })).toBe('range');
  });

  it('never asks a lender the person unticked', () => {
    expect(lendersToAsk([lender], { amount: 5000, term: 36, purpose: 'buyingCar' }, ['rigas-lica-banka'])).toEqual([]);
  });
});
