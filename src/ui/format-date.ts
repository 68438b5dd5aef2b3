import { intlLocale, type Language } from '../../domain/language.ts';

const longFormats = new Map<Language, Intl.DateTimeFormat>();
const shortFormats = new Map<Language, Intl.DateTimeFormat>();

function format(
  cache: Map<Language, Intl.DateTimeFormat>,
  options: Intl.DateTimeFormatOptions,
  lang: Language,
  iso: string,
): string {
  let found = cache.get(lang);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale[lang], { ...options, timeZone: 'Europe/Riga' });
    cache.set(lang, found);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : found.format(date);
}

/** A day as the page's language writes it ("2026. gada 31. decembris", "31 декабря 2026 г."), Riga time. */
export const formatDate = (lang: Language, iso: string): string =>
  format(longFormats, { dateStyle: 'long' }, lang, iso);

/**
 * A day in digits ("31.12.2026"), Riga time: a table's column of dates, where every one takes the same width and
 * none breaks over two lines.
 */
export const formatShortDate = (lang: Language, iso: string): string =>
  format(shortFormats, { day: '2-digit', month: '2-digit', year: 'numeric' }, lang, iso);

/** Minutes and seconds of a duration, "mm:ss" (59:07); negative durations are 00:00. */
export function formatCountdown(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
