/**
 * Latvian personal codes (DOMAIN.md): the old format DDMMYY-CZZZQ carries the date of birth and a
 * check digit; the new format (since July 2017) starts with 32–39 and carries neither.
 */

const OLD_FORMAT = /^(\d{2})(\d{2})(\d{2})-?([012])(\d{3})(\d)$/;
const NEW_FORMAT = /^3[2-9]\d{4}-?\d{5}$/;
const CHECK_WEIGHTS = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CENTURY = [1800, 1900, 2000] as const;

/** A code as typed (spaces, a hyphen or none) written as banks and providers do, XXXXXX-XXXXX; null unless 11 digits. */
export function formatPersonalCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 6)}-${digits.slice(6)}` : null;
}

/** The code as banks and providers write it; what is not 11 digits stays as typed (trimmed), for validation to judge. */
export const normalizePersonalCode = (input: string): string => formatPersonalCode(input) ?? input.trim();

export function isNewFormatPersonalCode(input: string): boolean {
  return NEW_FORMAT.test(input.replace(/\s/g, ''));
}

function checkDigit(digits: string): number {
  const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return ((((1101 - sum) % 11) + 11) % 11) % 10;
}

/** The date of birth an old-format code encodes, as YYYY-MM-DD; null for the new format or an invalid code. */
export function birthDateFromPersonalCode(input: string): string | null {
  const match = OLD_FORMAT.exec(input.replace(/\s/g, ''));
  if (!match) return null;
  const [, dd, mm, yy, century] = match as unknown as [string, string, string, string, string];
  const year = (CENTURY[Number(century)] ?? 0) + Number(yy);
  const date = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) {
    return null;
  }
  return `${year}-${mm}-${dd}`;
}

export function isValidPersonalCode(input: string): boolean {
  const compact = input.replace(/\s/g, '');
  if (NEW_FORMAT.test(compact)) return true;
  if (!OLD_FORMAT.test(compact) || birthDateFromPersonalCode(compact) === null) return false;
  const digits = compact.replace('-', '');
  return checkDigit(digits) === Number(digits[10]);
}
