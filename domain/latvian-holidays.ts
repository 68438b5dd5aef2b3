import Holidays from 'date-holidays';
import type { HolidayCheck } from './consultant-hours.ts';

/**
 * Latvia's public holidays (and the Mondays that stand in for a holiday on a weekend) from a maintained calendar,
 * not a list of our own: the law moves and adds days. The calendar is large, so only the server loads it; the
 * browser gets the open slots the server computed.
 */
const calendar = new Holidays('LV', { types: ['public'] });
const byYear = new Map<number, ReadonlySet<string>>();

export const isLatvianPublicHoliday: HolidayCheck = (day) => {
  const year = Number(day.slice(0, 4));
  let days = byYear.get(year);
  if (!days) {
    days = new Set(calendar.getHolidays(year).map((holiday) => holiday.date.slice(0, 10)));
    byYear.set(year, days);
  }
  return days.has(day);
};
