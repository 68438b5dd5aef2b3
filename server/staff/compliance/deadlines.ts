import { isLatvianPublicHoliday } from '../../../domain/latvian-holidays.ts';
import type { HolidayCheck } from '../../../domain/consultant-hours.ts';

/**
 * The due dates of the compliance registers, on Riga's calendar days (YYYY-MM-DD): a data request is answered within
 * a month of receipt (GDPR Art. 12(3)), a complaint within 15 working days (a credit intermediary's time in Latvia),
 * where a working day is neither a weekend nor a Latvian public holiday.
 */

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
const parse = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The same day of the next month, or that month's last day when it has no such day (31 January: 28/29 February). */
export function oneMonthAfter(day: string): string {
  const date = parse(day);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastOfNext))));
}

/** The `count`th working day after `day` (the day of receipt itself is not counted). */
export function workingDaysAfter(day: string, count: number, isHoliday: HolidayCheck = isLatvianPublicHoliday): string {
  const date = parse(day);
  let left = count;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isHoliday(dayOf(date))) left--;
  }
  return dayOf(date);
}
