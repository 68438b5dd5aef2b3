// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY, clearApplicationDraft, readApplicationDraft, writeApplicationDraft } from './application-draft.ts';
import { EMPTY_VALUES, emptyIncomeDetails, type FormValues } from './form-values.ts';

const values: FormValues = {
  ...EMPTY_VALUES,
  monthlyIncome: '2100',
  personalId: '010180-15097',
  firstname: 'Anna',
  amount: 7000,
  term: 36,
  loanPurpose: 'houseRepair',
  incomeTypes: ['other'],
  incomeDetails: {
    ...emptyIncomeDetails(),
    other: { employmentDuration: 'over12Months', typeOfOtherIncome: 'student', timeUntilEndOrStart: '2Months' },
  },
  phoneCountry: 'LT',
  phoneNumber: '+37061234567',
  hasSpouse: true,
  acceptTerms: true,
};

beforeEach(() => window.sessionStorage.clear());

describe('the application draft', () => {
  it('keeps everything typed but the personal code and the income', () => {
    writeApplicationDraft(window.sessionStorage, values);
    const stored = window.sessionStorage.getItem(DRAFT_KEY) ?? '';
    expect(stored).not.toContain('010180');
    expect(stored).not.toContain('2100');
    const rest = Object.fromEntries(
      Object.entries(values).filter(([key]) => key !== 'personalId' && key !== 'monthlyIncome'),
    );
    expect(readApplicationDraft(window.sessionStorage)).toEqual(rest);
  });

  it('is cleared once the application is submitted', () => {
    writeApplicationDraft(window.sessionStorage, values);
    clearApplicationDraft(window.sessionStorage);
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(readApplicationDraft(window.sessionStorage)).toBeNull();
  });

  it('keeps only values of the right shape from what the storage holds', () => {
    window.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        personalId: '010180-15097',
        monthlyIncome: '9999',
        firstname: 'Anna',
        lastname: 42,
        amount: 1234,
        term: 200,
        loanPurpose: 'holiday',
        phoneCountry: 'XX',
        hasSpouse: 'yes',
        hasDependents: null,
        acceptTerms: 'true',
        incomeTypes: ['other', 'lottery', 'other'],
        incomeDetails: { other: { employmentDuration: 'over12Months', typeOfOtherIncome: 7 }, lottery: {} },
        unknown: 'x',
      }),
    );
    expect(readApplicationDraft(window.sessionStorage)).toEqual({
      firstname: 'Anna',
      hasDependents: null,
      incomeTypes: ['other'],
      incomeDetails: {
        ...emptyIncomeDetails(),
        other: { employmentDuration: 'over12Months', typeOfOtherIncome: '', timeUntilEndOrStart: '' },
      },
    });
  });

  it('is null when there is none or it cannot be read', () => {
    expect(readApplicationDraft(window.sessionStorage)).toBeNull();
    window.sessionStorage.setItem(DRAFT_KEY, '{not json');
    expect(readApplicationDraft(window.sessionStorage)).toBeNull();
    window.sessionStorage.setItem(DRAFT_KEY, '[1,2]');
    expect(readApplicationDraft(window.sessionStorage)).toBeNull();
  });

  it('does not break the form when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(() => writeApplicationDraft(refusing, values)).not.toThrow();
    expect(() => clearApplicationDraft(refusing)).not.toThrow();
    expect(readApplicationDraft(refusing)).toBeNull();
  });
});
