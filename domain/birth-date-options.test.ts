import { describe, expect, it } from 'vitest';
import { ageOn } from './application.ts';
import {
  BIRTH_YEAR_COUNT,
  MONTH_OPTIONS,
  birthYearOptions,
  composeBirthDate,
  dayOptions,
} from './birth-date-options.ts';

describe('birthYearOptions', () => {
  it('runs from 18 years ago back 90 years, newest first', () => {
    const years = birthYearOptions(new Date('2026-11-21T12:00:00Z'));
    expect(years).toHaveLength(BIRTH_YEAR_COUNT);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1919);
    years.forEach((year, index) => expect(year).toBe(2008 - index));
  });

  it('moves on with the calendar year (UTC, as the age rule)', () => {
    expect(birthYearOptions(new Date('2027-01-01T00:00:00Z'))[0]).toBe(2009);
    expect(birthYearOptions(new Date('2026-12-31T23:59:59Z'))[0]).toBe(2008);
  });

  it('leaves the exact age to the age rule at both ends of the list', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    const years = birthYearOptions(today);
    // the newest year holds birthdays still to come this year: 17-year-olds, refused by the age rule
    expect(ageOn(`${years[0]}-12-01`, today)).toBe(17);
    expect(ageOn(`${years[0]}-01-01`, today)).toBe(18);
    // the oldest years are beyond the maximum age of 85
    expect(ageOn(`${years.at(-1)}-01-01`, today)).toBe(107);
  });
});

describe('MONTH_OPTIONS', () => {
  it('is 01 to 12', () => {
    expect(MONTH_OPTIONS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });
});

describe('dayOptions', () => {
  it('offers only days that exist in the month', () => {
    expect(dayOptions(1990, '01')).toHaveLength(31);
    expect(dayOptions(1990, '04')).toHaveLength(30);
    expect(dayOptions(1990, '04').at(-1)).toBe('30');
    expect(dayOptions(1990, 12)).toHaveLength(31);
    expect(dayOptions(1990, '01').slice(0, 3)).toEqual(['01', '02', '03']);
  });

  it('offers 29 February in leap years only', () => {
    expect(dayOptions(1988, '02')).toHaveLength(29);
    expect(dayOptions(2000, '02')).toHaveLength(29); // divisible by 400
    expect(dayOptions(1900, '02')).toHaveLength(28); // divisible by 100, not by 400
    expect(dayOptions(1990, '02')).toHaveLength(28);
    expect(dayOptions('1992', '02')).toHaveLength(29);
  });

  it('offers every day that may exist before the year or the month is chosen', () => {
    expect(dayOptions(null, null)).toHaveLength(31);
    expect(dayOptions()).toHaveLength(31);
    expect(dayOptions(undefined, '02')).toHaveLength(29);
    expect(dayOptions(1990, '')).toHaveLength(31);
  });
});

describe('composeBirthDate', () => {
  it('writes YYYY-MM-DD', () => {
    expect(composeBirthDate(1980, '01', '01')).toBe('1980-01-01');
    expect(composeBirthDate('1975', '12', '31')).toBe('1975-12-31');
    expect(composeBirthDate(1975, 3, 7)).toBe('1975-03-07');
  });

  it('accepts 29 February of a leap year only', () => {
    expect(composeBirthDate(1988, '02', '29')).toBe('1988-02-29');
    expect(composeBirthDate(2000, '02', '29')).toBe('2000-02-29');
    expect(composeBirthDate(1989, '02', '29')).toBeNull();
    expect(composeBirthDate(1900, '02', '29')).toBeNull();
  });

  it('is null until every part is chosen, and for days that do not exist', () => {
    expect(composeBirthDate(null, '01', '01')).toBeNull();
    expect(composeBirthDate(1980, '', '01')).toBeNull();
    expect(composeBirthDate(1980, '01', undefined)).toBeNull();
    expect(composeBirthDate(1980, '04', '31')).toBeNull();
    expect(composeBirthDate(1980, '13', '01')).toBeNull();
    expect(composeBirthDate(1980, '00', '01')).toBeNull();
    expect(composeBirthDate(1980, '01', '00')).toBeNull();
    expect(composeBirthDate(1980, '1a', '01')).toBeNull();
    expect(composeBirthDate(80, '01', '01')).toBeNull();
    expect(composeBirthDate(1980.5, '01', '01')).toBeNull();
  });
});
