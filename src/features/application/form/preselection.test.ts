import { describe, expect, it } from 'vitest';
import { DEFAULT_AMOUNT, DEFAULT_TERM } from '../../../../domain/loan-options.ts';
import { changesFirstStep, preselectedLoan } from './preselection.ts';

describe('a preselected loan against the prerendered first step', () => {
  it('the default loan named, or nothing named, changes nothing: the prerendered form serves', () => {
    expect(changesFirstStep({ purpose: null, amount: null, term: null })).toBe(false);
    expect(changesFirstStep({ purpose: null, amount: DEFAULT_AMOUNT, term: DEFAULT_TERM })).toBe(false);
    // an amount the form snaps to the default one, and a purpose the form does not know
    expect(changesFirstStep({ purpose: 'holiday', amount: DEFAULT_AMOUNT + 1, term: null })).toBe(false);
  });

  it('another amount, term or a known purpose makes another first step', () => {
    expect(changesFirstStep({ purpose: null, amount: 2000, term: null })).toBe(true);
    expect(changesFirstStep({ purpose: null, amount: null, term: 24 })).toBe(true);
    expect(changesFirstStep({ purpose: 'buyingCar', amount: null, term: null })).toBe(true);
  });

  it('sets the form’s fields as the form takes them: the nearest allowed amount, a known purpose', () => {
    expect(preselectedLoan({ purpose: 'buyingCar', amount: 2001, term: 24 })).toEqual({
      loanPurpose: 'buyingCar',
      amount: 2000,
      term: 24,
    });
    expect(preselectedLoan({ purpose: 'holiday', amount: Number.NaN, term: null })).toEqual({});
  });
});
