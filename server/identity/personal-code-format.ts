/**
 * The shape identity providers use for Latvian personal codes: `DDMMYY-NNNNN` (hyphenated, as banks
 * and certificates write it). Only the shape is checked here: a provider vouches for the code, and the
 * broker compares it with the code in the application (domain/personal-code.ts validates input).
 */

export const PROVIDER_PERSONAL_CODE = /^\d{6}-\d{5}$/;

/** ETSI semantics identifier / certificate serial number `PNOLV-DDMMYY-NNNNN` → `DDMMYY-NNNNN`. */
export function personalCodeFromSerialNumber(serialNumber: string): string | null {
  const match = /^PNOLV-(\d{6}-\d{5})$/.exec(serialNumber);
  return match?.[1] ?? null;
}

/** For pages that list people: `010180-15097` → `0101**-*****`. */
export function maskPersonalCode(code: string): string {
  return `${code.slice(0, 4)}**-*****`;
}
