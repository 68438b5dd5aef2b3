/** Phone numbers as the form sends them: +, the dialling prefix, then the subscriber number. */

export const DEFAULT_DIAL_CODE = '371';
export const DEFAULT_PHONE_COUNTRY = 'LV';

/** Strips spaces and punctuation; keeps a leading + (spec: the phone input keeps a +371 prefix). */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') || trimmed.startsWith('00') ? `+${digits.replace(/^00/, '')}` : `+${digits}`;
}

/**
 * Latvian numbers: +371 and eight digits, mobiles from 2, landlines from 6 (DOMAIN.md).
 * Other countries: a plausible E.164 length; the dialling prefix plus at most 12 digits.
 */
export function isValidPhone(input: string): boolean {
  const phone = normalizePhone(input);
  if (phone.startsWith('+371')) return /^\+371[26]\d{7}$/.test(phone);
  return /^\+[1-9]\d{6,14}$/.test(phone);
}
