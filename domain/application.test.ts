import { describe, expect, it } from 'vitest';
import { createApplicationSchema, fieldErrorKeys, normalizeName } from './application.ts';
import { validApplication } from '../tests/fixtures/application.ts';

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

  it('names each field it does not know, in the application and in an income entry, beside the other errors', () => {
    expect(
      errorsOf({
        ...validApplication,
        isAdmin: true,
        __proto__x: 1,
        toString: 'x',
        amount: 1,
        incomeTypes: [{ type: 'fullTimeJob', employmentDuration: 'over12Months', salary: 1 }],
      }),
    ).toEqual({
      isAdmin: 'unknownField',
      __proto__x: 'unknownField',
      toString: 'unknownField',
      amount: 'amountRange',
      'incomeTypes.0.salary': 'unknownField',
    });
  });

  it('refuses control characters and lone surrogates in the purpose text and the position', () => {
    for (const text of [
      'a\u0000b',
      'a\tb',
      'a\nb',
      'a\u001bb',
      'a\u0085b',
      'a\u202eb',
      'a\u200bb',
      'a\ud800b',
      'a\udc00b',
    ]) {
      expect(
        errorsOf({
          ...validApplication,
          loanPurpose: 'other',
          loanPurposeText: `Laivas ${text}`,
          politicalyExposedPerson: true,
          politicalPosition: `Deputāts ${text}`,
        }),
        JSON.stringify(text),
      ).toEqual({ loanPurposeText: 'textCharacters', politicalPosition: 'textCharacters' });
    }
    const free = 'Ремонт <b>кухни</b> & "vannas" 🙂 👨‍👩‍👧';
    const parsed = schema.safeParse({
      ...validApplication,
      loanPurpose: 'other',
      loanPurposeText: free,
      politicalyExposedPerson: true,
      politicalPosition: free,
    });
    // stored as given: nothing is escaped or cleaned, it is only ever rendered as text
    expect(parsed.success && [parsed.data.loanPurposeText, parsed.data.politicalPosition]).toEqual([free, free]);
  });

  it('takes names as people type them and keeps them in one canonical form', () => {
    const cases: readonly [string, string][] = [
      ['O\u2019Brien', "O'Brien"],
      ['D\u02bcArtagnan', "D'Artagnan"],
      ['O\u2018Neil', "O'Neil"],
      ['Bērziņa\u2010Kalniņa', 'Bērziņa-Kalniņa'],
      ['Bērziņa\u2011Kalniņa', 'Bērziņa-Kalniņa'],
      ['Bērziņa\u2013Kalniņa', 'Bērziņa-Kalniņa'],
      ['Ja\u0304nis', 'Jānis'],
      ['Anna\u00a0Marija', 'Anna Marija'],
      ['  Kalniņa\u2013Ozola ', 'Kalniņa-Ozola'],
    ];
    for (const [typed, canonical] of cases) {
      const parsed = schema.safeParse({ ...validApplication, firstname: typed, lastname: typed });
      expect(parsed.success, typed).toBe(true);
      expect(parsed.success && [parsed.data.firstname, parsed.data.lastname], typed).toEqual([canonical, canonical]);
      expect(normalizeName(typed).trim()).toBe(canonical);
    }
    // NFC first: a name of 50 letters typed with combining marks is not too long
    expect(errorsOf({ ...validApplication, lastname: 'a\u0304'.repeat(50) })).toEqual({});
  });

  it('refuses a letter under a stack of combining marks, however few letters it counts as', () => {
    const stacked = `Ja${'\u0301'.repeat(45)}nis`;
    expect(errorsOf({ ...validApplication, firstname: stacked })).toEqual({ firstname: 'onlyLetters' });
    expect(errorsOf({ ...validApplication, lastname: `B${'\u0308'.repeat(3)}erzins` })).toEqual({
      lastname: 'onlyLetters',
    });
    // marks a letter takes in writing compose to one code point first (Vietnamese "ệ" typed decomposed)
    expect(errorsOf({ ...validApplication, firstname: 'Nguye\u0323\u0302n' })).toEqual({});
  });

  it('says a name with typographic marks but too many letters is too long', () => {
    expect(errorsOf({ ...validApplication, firstname: `O\u2019${'ā'.repeat(49)}` })).toEqual({
      firstname: 'nameTooLong',
    });
  });

  it('answers a non-object without throwing', () => {
    expect(errorsOf(null)).toEqual({ _: 'invalidValue' });
    expect(errorsOf('x')).toEqual({ _: 'invalidValue' });
  });
});
