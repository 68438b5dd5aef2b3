import { phoneCountryByDialCode, phoneCountryOfDigits } from './phone-countries.ts';
import type { PhoneCountry, PhoneCountryIso } from './phone-countries.ts';

/** Phone numbers as the form sends them: +, the dialling prefix, then the subscriber number. */

export const DEFAULT_DIAL_CODE = '371';
export const DEFAULT_PHONE_COUNTRY = 'LV';

/** Spec section 5: at most 12 digits after the dialling prefix (E.164 allows 15 digits in all). */
export const MAX_SUBSCRIBER_DIGITS = 12;

/**
 * Lengths of the subscriber number (national significant number, without a trunk 0) where the
 * numbering plan fixes them; other countries of the list take GENERIC_LENGTH.
 */
const SUBSCRIBER_LENGTHS: Partial<Record<PhoneCountryIso, readonly [min: number, max: number]>> = {
  LV: [8, 8],
  LT: [8, 8],
  EE: [7, 8],
  PL: [9, 9],
  RU: [10, 10],
  BY: [9, 9],
  UA: [9, 9],
  MD: [8, 8],
  GE: [9, 9],
  GB: [9, 10],
  IE: [7, 9],
  NO: [8, 8],
  DK: [8, 8],
  FR: [9, 9],
  ES: [9, 9],
  PT: [9, 9],
  NL: [9, 9],
  BE: [8, 9],
  CH: [9, 9],
  CZ: [9, 9],
  SK: [9, 9],
  US: [10, 10],
  AU: [9, 9],
};
const GENERIC_LENGTH = [6, MAX_SUBSCRIBER_DIGITS] as const;

/** Italy keeps the 0 of its landline numbers after +39; elsewhere a subscriber number never starts with 0. */
const LEADING_ZERO_ALLOWED: ReadonlySet<PhoneCountryIso> = new Set(['IT']);

/** A + before the first digit, "(+44) …" included. */
const startsWithPlus = (raw: string): boolean => /^\D*\+/.test(raw);

/**
 * Strips spaces and punctuation and writes the number as +, dialling prefix, subscriber digits.
 * A leading + or 00 marks an international number; a number without either is Latvian (the form's
 * default country), whether or not it starts with 371: a Latvian subscriber number never starts with 3.
 */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (startsWithPlus(trimmed) || digits.startsWith('00')) return `+${digits.replace(/^00/, '')}`;
  return digits.startsWith(DEFAULT_DIAL_CODE) ? `+${digits}` : `+${DEFAULT_DIAL_CODE}${digits}`;
}

/** The country of the list and the subscriber digits of a number; null when no listed prefix matches. */
export function splitPhone(input: string): { country: PhoneCountry; subscriber: string } | null {
  const digits = normalizePhone(input).slice(1);
  const country = phoneCountryOfDigits(digits);
  return country ? { country, subscriber: digits.slice(country.dialCode.length) } : null;
}

function isValidSubscriber(iso: PhoneCountryIso, subscriber: string): boolean {
  if (iso === 'LV') return /^[26]\d{7}$/.test(subscriber);
  const [min, max] = SUBSCRIBER_LENGTHS[iso] ?? GENERIC_LENGTH;
  if (!/^\d+$/.test(subscriber) || subscriber.length < min || subscriber.length > max) return false;
  return !subscriber.startsWith('0') || LEADING_ZERO_ALLOWED.has(iso);
}

/**
 * Numbers of the 39 countries of the phone picker. Latvian numbers: +371 and eight digits, mobiles
 * from 2, landlines from 6 (DOMAIN.md). Other countries: a subscriber number of a plausible length
 * for that country, not starting with the trunk 0.
 */
export function isValidPhone(input: string): boolean {
  const parts = splitPhone(input);
  if (!parts) return false;
  return isValidSubscriber(parts.country.iso, parts.subscriber);
}

/**
 * The country an input names with its own international prefix (+44…, 0044…), so a picker can switch
 * to it when a whole number is pasted; undefined for a national number or an unknown prefix.
 */
export function phoneCountryOfInput(raw: string): PhoneCountry | undefined {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (startsWithPlus(trimmed)) return phoneCountryOfDigits(digits);
  if (digits.startsWith('00')) return phoneCountryOfDigits(digits.slice(2));
  return undefined;
}

/**
 * The phone input helper of spec section 5: drops spaces and punctuation, keeps the country's prefix
 * (`+371` for Latvia) and at most 12 digits after it. The prefix the person types themselves
 * (+371…, 00371…, or 371… where that leaves a valid number) is not doubled, and a trunk 0 is dropped
 * (+44 07700… → +44 7700…). With no digits typed yet the result is the prefix alone.
 * A pasted number with another country's prefix is not recognised here: look it up with
 * phoneCountryOfInput first and pass that country's prefix.
 */
export function phoneDigitsInput(raw: string, dialCode: string): string {
  const prefix = dialCode.replace(/\D/g, '');
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, '');
  const international = startsWithPlus(trimmed) || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  // backspace into the prefix ("+37"): the prefix stays
  if (international && prefix.startsWith(digits)) digits = prefix;

  const iso = phoneCountryByDialCode(prefix)?.iso;
  if (prefix !== '' && digits.startsWith(prefix)) {
    const rest = digits.slice(prefix.length);
    // a Latvian subscriber number never starts with 3, so 371… is always the prefix
    if (international || prefix === DEFAULT_DIAL_CODE || (iso !== undefined && isValidSubscriber(iso, rest))) {
      digits = rest;
    }
  }
  if (digits.length > 1 && digits.startsWith('0') && !(iso !== undefined && LEADING_ZERO_ALLOWED.has(iso))) {
    digits = digits.slice(1);
  }
  return `+${prefix}${digits.slice(0, MAX_SUBSCRIBER_DIGITS)}`;
}

/** Groups the subscriber digits 3+3+rest after the prefix: +37120000000 → "+371 200 000 00". */
export function formatPhoneForDisplay(e164: string): string {
  const parts = splitPhone(e164);
  if (!parts) return e164.trim();
  const { country, subscriber } = parts;
  const groups = [subscriber.slice(0, 3), subscriber.slice(3, 6), subscriber.slice(6)].filter(Boolean);
  return [`+${country.dialCode}`, ...groups].join(' ');
}
