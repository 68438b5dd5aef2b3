import { intlLocale, type Language } from './language.ts';

/**
 * When a consultant answers and calls back (issue 34): the one configuration of the hours, which the site's
 * header, footer and accessibility page print and the call requests are checked against. Holidays come in as a
 * predicate (latvian-holidays.ts on the server) so that a page printing the hours carries no holiday calendar.
 */

export interface ClockTime {
  readonly hour: number;
  readonly minute: number;
}

export const CONSULTANT_HOURS = {
  timeZone: 'Europe/Riga',
  /** ISO weekdays, Monday 1 … Sunday 7 */
  weekdays: [1, 2, 3, 4, 5],
  opens: { hour: 8, minute: 0 },
  closes: { hour: 19, minute: 0 },
  slotMinutes: 30,
  /** a slot offered must leave the consultant this long to see the request */
  leadMinutes: 15,
  /** how many working days ahead a call may be asked for */
  workingDaysAhead: 10,
} as const;

/** "8:00", as the site writes a time of day. */
export const clockText = (time: ClockTime): string => `${time.hour}:${String(time.minute).padStart(2, '0')}`;

/** Whether a Riga calendar day (YYYY-MM-DD) is a public holiday. */
export type HolidayCheck = (day: string) => boolean;

/** Why a slot takes no call; `open` when it does. */
export type SlotVerdict = 'open' | 'notSlotStart' | 'weekend' | 'holiday' | 'outsideHours';

interface RigaClock {
  /** YYYY-MM-DD */
  readonly day: string;
  /** ISO weekday, Monday 1 */
  readonly weekday: number;
  readonly minutes: number;
  readonly second: number;
}

// made at the first use: every page that prints the hours imports this module, few of them need a clock
let rigaPartsFormat: Intl.DateTimeFormat | undefined;
const rigaParts = () =>
  (rigaPartsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: CONSULTANT_HOURS.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

function rigaClock(moment: Date): RigaClock {
  const parts = rigaParts().formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const year = part('year');
  const month = part('month');
  const date = part('day');
  const day = `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
  return { day, weekday, minutes: part('hour') * 60 + part('minute'), second: part('second') };
}

/** Riga's offset from UTC at a moment, in minutes (120 in winter, 180 in summer). */
function rigaOffsetMinutes(moment: Date): number {
  const clock = rigaClock(moment);
  const [year, month, date] = clock.day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, 0, clock.minutes, clock.second);
  return Math.round((asUtc - Math.floor(moment.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The moment Riga's wall clock shows `minutes` past midnight of `day`. Slots never fall in the night hours in which
 * the clocks change, so the offset read near the answer is the answer's own.
 */
function rigaMoment(day: string, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, 0, minutes);
  const guess = new Date(wall - rigaOffsetMinutes(new Date(wall)) * 60_000);
  return new Date(wall - rigaOffsetMinutes(guess) * 60_000);
}

const minutesOf = (time: ClockTime) => time.hour * 60 + time.minute;

/** The slot starts of an open day, as minutes past midnight: 8:00 … 18:30. */
const DAY_STARTS: readonly number[] = Array.from(
  {
    length: (minutesOf(CONSULTANT_HOURS.closes) - minutesOf(CONSULTANT_HOURS.opens)) / CONSULTANT_HOURS.slotMinutes,
  },
  (_, index) => minutesOf(CONSULTANT_HOURS.opens) + index * CONSULTANT_HOURS.slotMinutes,
);

const isWorkingDay = (weekday: number) => (CONSULTANT_HOURS.weekdays as readonly number[]).includes(weekday);

/** Whether a call may be set for this moment, and if not why: a slot must start on the half hour within the hours. */
export function slotVerdict(start: Date, isHoliday: HolidayCheck): SlotVerdict {
  const clock = rigaClock(start);
  if (clock.second !== 0 || start.getUTCMilliseconds() !== 0 || clock.minutes % CONSULTANT_HOURS.slotMinutes !== 0) {
    return 'notSlotStart';
  }
  if (!isWorkingDay(clock.weekday)) return 'weekend';
  if (isHoliday(clock.day)) return 'holiday';
  return DAY_STARTS.includes(clock.minutes) ? 'open' : 'outsideHours';
}

export const isSlotOpen = (start: Date, isHoliday: HolidayCheck): boolean => slotVerdict(start, isHoliday) === 'open';

/** One working day's slots, in Riga's calendar. */
export interface SlotDay {
  /** YYYY-MM-DD in Riga */
  readonly day: string;
  /** ISO instants */
  readonly slots: readonly string[];
}

/** The calendar day `offset` days after a Riga day, and its ISO weekday. */
function dayAfter(day: string, offset: number): { day: string; weekday: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + offset));
  return { day: next.toISOString().slice(0, 10), weekday: next.getUTCDay() || 7 };
}

/**
 * The open slots from a moment on (the lead time first), over the next working days: weekends and holidays are
 * skipped, and a day whose slots have all passed is not counted.
 */
export function openSlotDays(
  from: Date,
  isHoliday: HolidayCheck,
  workingDays: number = CONSULTANT_HOURS.workingDaysAhead,
): SlotDay[] {
  const earliest = from.getTime() + CONSULTANT_HOURS.leadMinutes * 60_000;
  const today = rigaClock(from).day;
  const days: SlotDay[] = [];
  // a year of days is more than any run of holidays and weekends; it only stops a bad predicate looping forever
  for (let offset = 0; days.length < workingDays && offset < 366; offset += 1) {
    const { day, weekday } = dayAfter(today, offset);
    if (!isWorkingDay(weekday) || isHoliday(day)) continue;
    const slots = DAY_STARTS.map((minutes) => rigaMoment(day, minutes))
      .filter((moment) => moment.getTime() >= earliest)
      .map((moment) => moment.toISOString());
    if (slots.length > 0) days.push({ day, slots });
  }
  return days;
}

/** The first open slot from a moment on. */
export function nextOpenSlot(from: Date, isHoliday: HolidayCheck): string {
  const [first] = openSlotDays(from, isHoliday, 1);
  if (!first?.slots[0]) throw new Error('no open slot within a year');
  return first.slots[0];
}

/** Whether a consultant is at work at this moment. */
export function isOpenNow(moment: Date, isHoliday: HolidayCheck): boolean {
  const clock = rigaClock(moment);
  return (
    isWorkingDay(clock.weekday) &&
    !isHoliday(clock.day) &&
    clock.minutes >= minutesOf(CONSULTANT_HOURS.opens) &&
    clock.minutes < minutesOf(CONSULTANT_HOURS.closes)
  );
}

/** A Riga day as YYYY-MM-DD, for grouping slots by day. */
export const rigaDayOf = (iso: string): string => rigaClock(new Date(iso)).day;

/** "8:30": a slot's time of day in Riga. */
export const slotTimeText = (iso: string): string => {
  const { minutes } = rigaClock(new Date(iso));
  return clockText({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
};

const dayFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};
const dayFormat = (language: Language) =>
  (dayFormats[language] ??= new Intl.DateTimeFormat(intlLocale[language], {
    timeZone: CONSULTANT_HOURS.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }));

/** "pirmdiena, 30. novembris" / "понедельник, 30 ноября": a slot's day, in Riga. */
export const slotDayText = (language: Language, iso: string): string => dayFormat(language).format(new Date(iso));

/** A slot as messages name it: its day and its Riga time, "pirmdiena, 30. novembris, 8:30". */
export const slotText = (language: Language, iso: string): string =>
  `${slotDayText(language, iso)}, ${slotTimeText(iso)}`;
