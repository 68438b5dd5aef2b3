import { describe, expect, it } from 'vitest';
import { createApplicationSchema, fieldErrorKeys } from './application.ts';
import { validApplication } from './application-fixture.ts';

const today = () => new Date('2026-11-21T12:00:00Z');
const schema = createApplicationSchema(today);

const errorsOf = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorKeys(result.error);
};

describe('application schema', () => {
  it('accepts a complete application', () => {
    expect(schema.safeParse(validApplication).success).toBe(true);
  });

  it('gives the spec message key for each wrong field, all at once', () => {
    expect(
      errorsOf({
        ...validApplication,
        firstname: 'J',
        lastname: 'Иванов',
        personalId: '010180-15098',
        email: 'janis@',
        phoneNumber: '+3711234',
        loanPurpose: '',
        hasFinancialLiabilities: true,
      }),
    ).toEqual({
      firstname: 'nameLength',
      lastname: 'nameLatin',
      personalId: 'personalCode',
      email: 'email',
      phoneNumber: 'phone',
      loanPurpose: 'selectPurpose',
      monthlyFinancialLiabilities: 'enterLiabilities',
    });
  });

  it('asks for missing data by naming the question', () => {
    expect(errorsOf({ ...validApplication, firstname: undefined, hasSpouse: undefined })).toEqual({
      firstname: 'enterFirstname',
      hasSpouse: 'answerSpouse',
    });
    expect(errorsOf({ ...validApplication, firstname: '   ' })).toEqual({ firstname: 'enterFirstname' });
  });

  it('says a name is too long, not too short', () => {
    expect(errorsOf({ ...validApplication, lastname: 'A'.repeat(51) })).toEqual({ lastname: 'nameTooLong' });
  });

  it('tells letters from digits in names', () => {
    expect(errorsOf({ ...validApplication, firstname: 'J4nis' })).toEqual({ firstname: 'onlyLetters' });
    expect(errorsOf({ ...validApplication, lastname: 'Kalniņa-Ozola' })).toEqual({});
  });

  it('requires the purpose text for the purpose "other"', () => {
    expect(errorsOf({ ...validApplication, loanPurpose: 'other' })).toEqual({ loanPurposeText: 'purposeText' });
    expect(errorsOf({ ...validApplication, loanPurpose: 'other', loanPurposeText: 'Laivas iegāde' })).toEqual({});
  });

  it('needs a date of birth with a new-format code and checks the age range', () => {
    expect(errorsOf({ ...validApplication, personalId: '325671-23456' })).toEqual({ dateOfBirth: 'enterDateOfBirth' });
    expect(errorsOf({ ...validApplication, personalId: '325671-23456', dateOfBirth: '2010-05-01' })).toEqual({
      dateOfBirth: 'ageRange',
    });
    expect(errorsOf({ ...validApplication, personalId: '325671-23456', dateOfBirth: '1990-05-01' })).toEqual({});
    // born 1 January 1930: 96 years old on the test's date
    expect(errorsOf({ ...validApplication, personalId: '010130-10001', dateOfBirth: undefined }).personalId).toMatch(
      /personalCode|ageRange/,
    );
  });

  it('refuses a date of birth that contradicts the personal code', () => {
    expect(errorsOf({ ...validApplication, dateOfBirth: '1981-01-01' })).toEqual({ dateOfBirth: 'dateOfBirth' });
  });

  it('rejects amounts and terms outside the product bounds', () => {
    expect(errorsOf({ ...validApplication, amount: 499, term: 85 })).toEqual({
      amount: 'amountRange',
      term: 'termRange',
    });
  });

  it('answers a non-object without throwing', () => {
    expect(errorsOf(null)).toEqual({ _: 'invalidValue' });
    expect(errorsOf('x')).toEqual({ _: 'invalidValue' });
  });
});
