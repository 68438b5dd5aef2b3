import { intlLocale, type Language } from '../../domain/language.ts';

const cache = new Map<Language, Intl.DateTimeFormat>();

/** A day as the page's language writes it ("2026. gada 31. decembris", "31 декабря 2026 г."), Riga time. */
export function formatDate(lang: Language, iso: string): string {
  let found = cache.get(lang);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: 'long', timeZone: 'Europe/Riga' });
    cache.set(lang, found);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : found.format(date);
}

/** Minutes and seconds of a duration, "mm:ss" (59:07); negative durations are 00:00. */
export function formatCountdown(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
