import { intlLocale, type Language } from '../../../domain/language.ts';

const formats = new Map<Language, Intl.DateTimeFormat>();

/** A day as the account lists it, in Riga time: "25.11.2026" in both languages. */
export function formatDay(lang: Language, iso: string): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[lang], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Riga',
    });
    formats.set(lang, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
