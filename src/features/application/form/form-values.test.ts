import { describe, expect, it } from 'vitest';
import { createApplicationSchema, fieldErrorKeys } from '../../../../domain/application.ts';
import {
  EMPTY_VALUES,
  assembleApplication,
  emptyIncomeDetails,
  incomeEntries,
  initialValues,
  isShownPath,
  parseMoney,
  shownFields,
  valueAtPath,
  type FormValues,
} from './form-values.ts';

const schema = createApplicationSchema(() => new Date('2026-06-01T00:00:00Z'));

const valid: FormValues = {
  ...EMPTY_VALUES,
  monthlyIncome: '1 800',
  amount: 12000,
  term: 60,
  incomeTypes: ['fullTimeJob'],
  incomeDetails: {
    ...emptyIncomeDetails(),
    fullTimeJob: { ...EMPTY_VALUES.incomeDetails.fullTimeJob, employmentDuration: 'over12Months' },
  },
  firstname: ' Jānis ',
  lastname: 'Bērziņš',
  loanPurpose: 'personalNeeds',
  personalId: '01018015097',
  email: 'janis@example.lv',
  phoneNumber: '+37120000000',
  hasSpouse: false,
  hasDependents: false,
  hasFinancialLiabilities: false,
  politicalyExposedPerson: false,
  acceptTerms: true,
  acceptDataSharing: false,
};

describe('parseMoney', () => {
  it.each([
    ['1500', 1500],
    ['1 500', 1500],
    ['1\u00a0500,50', 1500.5],
    ['1500.5', 1500.5],
    ['250 €', 250],
    ['0', 0],
  ])('reads %j as %d', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it('is undefined for nothing typed and NaN for what is not a sum', () => {
    expect(parseMoney('  ')).toBeUndefined();
    for (const input of ['abc', '1,234,5', '-5', '12.345', '1e3']) expect(parseMoney(input)).toBeNaN();
  });
});

describe('assembleApplication', () => {
  it('makes an application the schema takes, the personal code written with its hyphen', () => {
    const result = schema.safeParse(assembleApplication(valid));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ monthlyIncome: 1800, firstname: 'Jānis', personalId: '010180-15097' });
  });

  it('sends nothing of the follow-up fields whose question says no', () => {
    const application = assembleApplication({
      ...valid,
      spouseEmail: 'anna@example.lv',
      spouseOffer: true,
      spouseIncomeTypes: ['fullTimeJob'],
      numberOfDependents: '2',
      monthlyFinancialLiabilities: '100',
      politicalPosition: 'Ministrs',
      amountRefinance: '1000',
      loanPurposeText: 'Ceļojums',
      birthYear: '1990',
      birthMonth: '01',
      birthDay: '01',
    });
    for (const key of [
      'spouseEmail',
      'spouseOffer',
      'spouseIncomeTypes',
      'numberOfDependents',
      'monthlyFinancialLiabilities',
      'politicalPosition',
      'amountRefinance',
      'loanPurposeText',
      'dateOfBirth',
      'ownsProperty',
    ]) {
      expect(application).not.toHaveProperty(key);
    }
  });

  it('sends the follow-up answers with their question', () => {
    const application = assembleApplication({
      ...valid,
      loanPurpose: 'other',
      loanPurposeText: ' Kāzas ',
      hasSpouse: true,
      spouseEmail: ' anna@example.lv ',
      spouseOffer: false,
      hasDependents: true,
      numberOfDependents: 'moreThan5',
      hasFinancialLiabilities: true,
      monthlyFinancialLiabilities: '120,50',
      otherFinancialLiabilities: '',
      politicalyExposedPerson: true,
      politicalPosition: 'Deputāts',
      ownsProperty: false,
    });
    expect(application).toMatchObject({
      loanPurposeText: 'Kāzas',
      spouseEmail: 'anna@example.lv',
      spouseOffer: false,
      numberOfDependents: 'moreThan5',
      monthlyFinancialLiabilities: 120.5,
      politicalPosition: 'Deputāts',
      ownsProperty: false,
    });
    expect(application).not.toHaveProperty('otherFinancialLiabilities');
    expect(application).not.toHaveProperty('spouseIncomeTypes');
    expect(schema.safeParse(application).success).toBe(true);
  });

  it('asks the schema for the date of birth of a new-format code and sends it composed', () => {
    const noDate = schema.safeParse(assembleApplication({ ...valid, personalId: '329999-12345' }));
    expect(noDate.success || fieldErrorKeys(noDate.error)).toEqual({ dateOfBirth: 'enterDateOfBirth' });
    const application = assembleApplication({
      ...valid,
      personalId: '329999-12345',
      birthYear: '1990',
      birthMonth: '02',
      birthDay: '28',
    });
    expect(application.dateOfBirth).toBe('1990-02-28');
    expect(schema.safeParse(application).success).toBe(true);
  });

  it('sends an empty phone as empty (the schema asks for it) and a typed one as it is', () => {
    const empty = schema.safeParse(assembleApplication({ ...valid, phoneNumber: '+371' }));
    expect(empty.success || fieldErrorKeys(empty.error)).toEqual({ phoneNumber: 'enterPhone' });
    const short = schema.safeParse(assembleApplication({ ...valid, phoneNumber: '+371200' }));
    expect(short.success || fieldErrorKeys(short.error)).toEqual({ phoneNumber: 'phone' });
  });

  it('gives every required field of an empty form its message', () => {
    const result = schema.safeParse(assembleApplication(EMPTY_VALUES));
    expect(result.success).toBe(false);
    expect(result.success || fieldErrorKeys(result.error)).toEqual({
      monthlyIncome: 'income',
      incomeTypes: 'incomeTypes',
      firstname: 'enterFirstname',
      lastname: 'enterLastname',
      loanPurpose: 'selectPurpose',
      personalId: 'enterPersonalCode',
      email: 'enterEmail',
      phoneNumber: 'enterPhone',
      hasSpouse: 'answerSpouse',
      hasDependents: 'answerDependents',
      hasFinancialLiabilities: 'answerLiabilities',
      politicalyExposedPerson: 'answerPep',
      acceptTerms: 'acceptTerms',
    });
  });
});

describe('incomeEntries', () => {
  it('lists the chosen types in priority order, each with its own fields', () => {
    const details = {
      ...emptyIncomeDetails(),
      other: { employmentDuration: '3to6Months', typeOfOtherIncome: 'pensioner', timeUntilEndOrStart: '1Month' },
      selfEmployment: { employmentDuration: 'under12Months', typeOfOtherIncome: 'student', timeUntilEndOrStart: '' },
    };
    expect(incomeEntries(['other', 'selfEmployment'], details)).toEqual([
      { type: 'selfEmployment', employmentDuration: 'under12Months' },
      // a pensioner is not asked when they start working
      { type: 'other', employmentDuration: '3to6Months', typeOfOtherIncome: 'pensioner' },
    ]);
    expect(
      incomeEntries(['other'], { ...details, other: { ...details.other, typeOfOtherIncome: 'maternityLeave' } }),
    ).toEqual([
      {
        type: 'other',
        employmentDuration: '3to6Months',
        typeOfOtherIncome: 'maternityLeave',
        timeUntilEndOrStart: '1Month',
      },
    ]);
  });

  it('leaves out answers not yet given, so the schema asks for them', () => {
    const result = schema.safeParse(
      assembleApplication({ ...valid, incomeTypes: ['fullTimeJob', 'other'], incomeDetails: emptyIncomeDetails() }),
    );
    expect(result.success || fieldErrorKeys(result.error)).toEqual({
      'incomeTypes.0.employmentDuration': 'selectEmploymentDuration',
      'incomeTypes.1.employmentDuration': 'selectEmploymentDuration',
      'incomeTypes.1.typeOfOtherIncome': 'selectOtherIncome',
    });
  });
});

describe('initialValues', () => {
  it('takes the link’s purpose, the nearest allowed amount and a clamped term', () => {
    expect(initialValues({ purpose: 'business', amount: 5200, term: 3 }, null)).toMatchObject({
      loanPurpose: 'business',
      amount: 5000,
      term: 6,
    });
    expect(initialValues({ purpose: 'holiday', amount: null, term: null }, null)).toMatchObject({
      loanPurpose: '',
      amount: 5000,
      term: 60,
    });
  });

  it('lets the draft’s answers win over the link', () => {
    expect(
      initialValues({ purpose: 'business', amount: 20000, term: 84 }, { loanPurpose: 'buyingCar', amount: 7000 }),
    ).toMatchObject({ loanPurpose: 'buyingCar', amount: 7000, term: 84 });
  });
});

describe('shownFields and isShownPath', () => {
  it('shows the follow-up fields of the answers given', () => {
    expect(shownFields(valid).has('spouseEmail')).toBe(false);
    const answered = shownFields({
      ...valid,
      hasSpouse: true,
      hasDependents: true,
      hasFinancialLiabilities: true,
      politicalyExposedPerson: true,
      loanPurpose: 'refinancing',
      personalId: '329999-12345',
    });
    for (const field of [
      'spouseEmail',
      'spouseIncomeTypes',
      'numberOfDependents',
      'monthlyFinancialLiabilities',
      'politicalPosition',
      'amountRefinance',
      'dateOfBirth',
    ]) {
      expect(answered.has(field)).toBe(true);
    }
  });

  it('places errors of income entries by the index of the chosen types', () => {
    const values = { ...valid, incomeTypes: ['fullTimeJob', 'other'] as const };
    expect(isShownPath(values, 'incomeTypes.1.typeOfOtherIncome')).toBe(true);
    expect(isShownPath(values, 'incomeTypes.0.typeOfOtherIncome')).toBe(false);
    expect(isShownPath(values, 'incomeTypes.2.employmentDuration')).toBe(false);
    expect(isShownPath(values, 'incomeTypes.1.timeUntilEndOrStart')).toBe(false);
    expect(isShownPath(values, '_')).toBe(false);
    expect(isShownPath(values, 'personalId')).toBe(true);
  });
});

describe('valueAtPath', () => {
  it('reads dotted paths through objects and lists', () => {
    const application = assembleApplication(valid);
    expect(valueAtPath(application, 'incomeTypes.0.type')).toBe('fullTimeJob');
    expect(valueAtPath(application, 'incomeTypes.3.type')).toBeUndefined();
    expect(valueAtPath(application, 'personalId')).toBe('010180-15097');
  });
});
