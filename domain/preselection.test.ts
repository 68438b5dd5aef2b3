import { describe, expect, it } from 'vitest';
import { DEFAULT_AMOUNT, DEFAULT_TERM } from './loan-options.ts';
import {
  changesFirstStep,
  firstStepKey,
  LINKED_PRESELECTIONS,
  preselectedLoan,
  PRERENDERED_FIRST_STEPS,
} from './preselection.ts';
import { prerenderedFirstStepOf } from './wizard-paths.ts';

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

describe('the prerendered first step an address asks for', () => {
  const of = (query: string) => prerenderedFirstStepOf(new URLSearchParams(query));

  it('no loan, or the default one: the page for a person who starts afresh', () => {
    expect(of('')).toBe('');
    expect(of('amount=5000&term=60')).toBe('');
  });

  it('each of the site’s own links has its page, by the loan it preselects', () => {
    for (const preselection of LINKED_PRESELECTIONS) {
      const key = of(`type=${preselection.purpose}&amount=${preselection.amount}&term=${preselection.term}`);
      expect(key).toBe(firstStepKey(preselection));
      expect(PRERENDERED_FIRST_STEPS.get(key ?? '')).toEqual(preselection);
    }
    expect(of('type=personalNeeds&amount=5000&term=60')).toBe('personalNeeds-5000-60');
  });

  it('another loan, or a handoff from a widget: none, the wizard draws its own', () => {
    expect(of('type=personalNeeds&amount=3000&term=60')).toBeNull();
    expect(of('amount=5000&term=24')).toBeNull();
    expect(of('handoff=abc')).toBeNull();
  });
});
