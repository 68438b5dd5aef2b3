/**
 * The date-of-birth selectors of spec section 3 (year, month 01–12, day 01–31). Spec section 5: the
 * birth-year list runs from 18 years ago back 90 years, so only adults can be chosen; the age rule
 * of the application (18 to 85 on the day) still decides.
 */

import { MIN_AGE } from './application-options.ts';

export const BIRTH_YEAR_COUNT = 90;

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** 90 years, newest first: the year 18 years before `today` and the 89 before it (UTC, as ageOn). */
export function birthYearOptions(today: Date): number[] {
  const newest = today.getUTCFullYear() - MIN_AGE;
  return Array.from({ length: BIRTH_YEAR_COUNT }, (_, index) => newest - index);
}

export const MONTH_OPTIONS: readonly string[] = Array.from({ length: 12 }, (_, index) => pad2(index + 1));

const toInt = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(number) ? number : null;
};

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The days ('01'…) that exist in the month of the year. Before the month is chosen: 31 days; before
 * the year is chosen: February has 29, since the year may turn out to be a leap year.
 */
export function dayOptions(year?: number | string | null, month?: number | string | null): string[] {
  const y = toInt(year);
  const m = toInt(month);
  let count = 31;
  if (m !== null && m >= 1 && m <= 12) count = daysInMonth(y !== null && y >= 1000 ? y : 2000, m);
  return Array.from({ length: count }, (_, index) => pad2(index + 1));
}

/** 'YYYY-MM-DD' when all three parts are chosen and the date exists, else null. */
export function composeBirthDate(
  year: number | string | null | undefined,
  month: number | string | null | undefined,
  day: number | string | null | undefined,
): string | null {
  const y = toInt(year);
  const m = toInt(month);
  const d = toInt(day);
  if (y === null || m === null || d === null) return null;
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${y}-${pad2(m)}-${pad2(d)}`;
}
