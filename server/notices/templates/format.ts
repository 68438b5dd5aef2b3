import { intlLocale, type Language } from '../../../domain/language.ts';
import type { Facts, NoticeData } from './types.ts';

/**
 * The facts of a message, made safe to tell and written for its language. Whatever arrives, a
 * message never repeats a personal code, and a name is one short line (no line breaks for a header).
 */

const PERSONAL_CODE = /\d{6}-?\d{5}/g;
const CONTROL = /[\p{Cc}\u2028\u2029]+/gu;

/** One line of free text from data: control characters and anything shaped like a personal code removed. */
export const cleanText = (value: string | undefined): string =>
  (value ?? '').replace(CONTROL, ' ').replace(PERSONAL_CODE, '').replace(/\s+/g, ' ').trim();

/** A count a message may tell: a whole number, not negative; anything else is left untold. */
const countOf = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;

const euroFormats = new Map<string, Intl.NumberFormat>();

/** Euros as the site writes them (src/ui/format.ts formatEuro): "5000 €" in Latvian, "5 000 €" in Russian, cents only when there are any. */
export function euros(language: Language, amount: number): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  const key = `${language}:${cents}`;
  let format = euroFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: cents,
      maximumFractionDigits: 2,
    });
    euroFormats.set(key, format);
  }
  return format.format(amount);
}

const rigaClock: Record<Language, Intl.DateTimeFormat> = {
  lv: rigaFormat('lv'),
  ru: rigaFormat('ru'),
};

function rigaFormat(language: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlLocale[language], {
    timeZone: 'Europe/Riga',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** Riga's wall clock, "25.11.2026 14:30" in both languages; undefined when the time is not a time. */
export function rigaTime(language: Language, iso: string | undefined): string | undefined {
  if (iso === undefined) return undefined;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return undefined;
  const parts = rigaClock[language].formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

export function factsOf(language: Language, data: NoticeData): Facts {
  const lender = cleanText(data.lenderName);
  const amount = data.amount !== undefined && Number.isFinite(data.amount) && data.amount > 0 ? data.amount : undefined;
  return {
    offers: countOf(data.offerCount),
    lenders: countOf(data.lenderCount),
    declined: countOf(data.declinedCount),
    expires: rigaTime(language, data.expiresAt),
    lender: lender === '' ? undefined : lender,
    amount: amount === undefined ? undefined : euros(language, amount),
  };
}
