import { describe, expect, it } from 'vitest';
import {
  CONSULTANT_HOURS,
  clockText,
  isOpenNow,
  nextOpenSlot,
  openSlotDays,
  slotText,
  slotVerdict,
} from './consultant-hours.ts';
import { isLatvianPublicHoliday } from './latvian-holidays.ts';

const at = (iso: string) => new Date(iso);
const verdict = (iso: string) => slotVerdict(at(iso), isLatvianPublicHoliday);

describe('consultant hours', () => {
  it('prints the hours the site shows from the one configuration', () => {
    expect(clockText(CONSULTANT_HOURS.opens)).toBe('8:00');
    expect(clockText(CONSULTANT_HOURS.closes)).toBe('19:00');
  });

  it('takes half-hour slots from 8:00 to 18:30 Riga time on weekdays', () => {
    // winter: Riga is UTC+2
    expect(verdict('2026-11-30T06:00:00Z')).toBe('open');
    expect(verdict('2026-11-30T16:30:00Z')).toBe('open');
    expect(verdict('2026-11-30T17:00:00Z')).toBe('outsideHours');
    expect(verdict('2026-11-30T05:30:00Z')).toBe('outsideHours');
    expect(verdict('2026-11-30T06:10:00Z')).toBe('notSlotStart');
    expect(verdict('2026-11-28T08:00:00Z')).toBe('weekend');
    expect(verdict('2026-11-29T08:00:00Z')).toBe('weekend');
  });

  it('follows the clock change: 8:00 is 5:00 UTC in summer and 6:00 UTC in winter', () => {
    // the clocks go forward on 29 March 2026 and back on 25 October 2026
    expect(verdict('2026-03-27T06:00:00Z')).toBe('open');
    expect(verdict('2026-03-30T05:00:00Z')).toBe('open');
    expect(verdict('2026-03-30T04:30:00Z')).toBe('outsideHours');
    expect(verdict('2026-10-23T05:00:00Z')).toBe('open');
    expect(verdict('2026-10-26T06:00:00Z')).toBe('open');
    expect(verdict('2026-10-26T05:00:00Z')).toBe('outsideHours');
    const [monday] = openSlotDays(at('2026-03-28T10:00:00Z'), isLatvianPublicHoliday, 1);
    expect(monday?.day).toBe('2026-03-30');
    expect(monday?.slots[0]).toBe('2026-03-30T05:00:00.000Z');
    expect(monday?.slots.at(-1)).toBe('2026-03-30T15:30:00.000Z');
  });

  it('is closed on Latvian public holidays: Christmas, Jāņi, the substitute Monday', () => {
    expect(verdict('2026-12-24T08:00:00Z')).toBe('holiday');
    expect(verdict('2026-12-25T08:00:00Z')).toBe('holiday');
    expect(verdict('2026-12-31T08:00:00Z')).toBe('holiday');
    expect(verdict('2026-06-23T08:00:00Z')).toBe('holiday');
    expect(verdict('2026-06-24T08:00:00Z')).toBe('holiday');
    expect(verdict('2026-06-22T08:00:00Z')).toBe('open');
    // 18 November 2028 is a Saturday: Monday the 20th is off instead
    expect(verdict('2028-11-20T08:00:00Z')).toBe('holiday');
  });

  it('offers the next working days, skipping Christmas and the weekend', () => {
    const days = openSlotDays(at('2026-12-23T16:50:00Z'), isLatvianPublicHoliday, 3);
    // 23 Dec 18:50 is past the last slot; 24–26 Dec and the weekend are closed, 31 Dec too
    expect(days.map((day) => day.day)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30']);
    expect(days[0]?.slots).toHaveLength(22);
    expect(nextOpenSlot(at('2026-12-23T16:50:00Z'), isLatvianPublicHoliday)).toBe('2026-12-28T06:00:00.000Z');
  });

  it('leaves the lead time before the first slot of today', () => {
    expect(nextOpenSlot(at('2026-11-30T08:20:00Z'), isLatvianPublicHoliday)).toBe('2026-11-30T09:00:00.000Z');
    expect(nextOpenSlot(at('2026-11-30T08:10:00Z'), isLatvianPublicHoliday)).toBe('2026-11-30T08:30:00.000Z');
  });

  it('knows whether a consultant is at work now', () => {
    expect(isOpenNow(at('2026-11-30T06:00:00Z'), isLatvianPublicHoliday)).toBe(true);
    expect(isOpenNow(at('2026-11-30T17:00:00Z'), isLatvianPublicHoliday)).toBe(false);
    expect(isOpenNow(at('2026-12-25T10:00:00Z'), isLatvianPublicHoliday)).toBe(false);
  });

  it('names a slot in Riga time, in Latvian and Russian', () => {
    expect(slotText('lv', '2026-11-30T06:30:00.000Z')).toMatch(/^pirmdiena, 30\. novembris, 8:30$/);
    expect(slotText('ru', '2026-11-30T06:30:00.000Z')).toMatch(/^понедельник, 30 ноября, 8:30$/);
  });
});
