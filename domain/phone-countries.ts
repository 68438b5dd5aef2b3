/**
 * The phone country picker of spec section 3: 39 countries, each with its ISO 3166-1 alpha-2 code and
 * its international dialling prefix (without the +). The picker shows a group of relevant countries
 * and a group of all countries. Names are in locales/{lv,ru}/countries.json, keyed by the ISO code;
 * the UI sorts the "all" group by the localized name.
 */

export const PHONE_COUNTRY_ISO_CODES = [
  'AT',
  'AU',
  'BE',
  'BG',
  'BY',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GE',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MD',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RU',
  'SE',
  'SI',
  'SK',
  'UA',
  'US',
] as const;
export type PhoneCountryIso = (typeof PHONE_COUNTRY_ISO_CODES)[number];

export interface PhoneCountry {
  readonly iso: PhoneCountryIso;
  /** digits only, no + (E.164 country code) */
  readonly dialCode: string;
}

const DIAL_CODES: Readonly<Record<PhoneCountryIso, string>> = {
  AT: '43',
  AU: '61',
  BE: '32',
  BG: '359',
  BY: '375',
  CH: '41',
  CY: '357',
  CZ: '420',
  DE: '49',
  DK: '45',
  EE: '372',
  ES: '34',
  FI: '358',
  FR: '33',
  GB: '44',
  GE: '995',
  GR: '30',
  HR: '385',
  HU: '36',
  IE: '353',
  IS: '354',
  IT: '39',
  LI: '423',
  LT: '370',
  LU: '352',
  LV: '371',
  MD: '373',
  MT: '356',
  NL: '31',
  NO: '47',
  PL: '48',
  PT: '351',
  RO: '40',
  RU: '7',
  SE: '46',
  SI: '386',
  SK: '421',
  UA: '380',
  US: '1',
};

/** All 39 countries, sorted by ISO code. */
export const ALL_PHONE_COUNTRIES: readonly PhoneCountry[] = PHONE_COUNTRY_ISO_CODES.map((iso) => ({
  iso,
  dialCode: DIAL_CODES[iso],
}));

/**
 * The "relevant" group, in this order: Latvia, its neighbours, and the countries where many Latvians
 * work (and so carry a foreign SIM card).
 */
export const RELEVANT_PHONE_COUNTRY_CODES = [
  'LV',
  'LT',
  'EE',
  'RU',
  'BY',
  'UA',
  'GB',
  'IE',
  'DE',
  'NO',
  'SE',
] as const satisfies readonly PhoneCountryIso[];

export const RELEVANT_PHONE_COUNTRIES: readonly PhoneCountry[] = RELEVANT_PHONE_COUNTRY_CODES.map((iso) => ({
  iso,
  dialCode: DIAL_CODES[iso],
}));

export function isPhoneCountryIso(value: unknown): value is PhoneCountryIso {
  return typeof value === 'string' && (PHONE_COUNTRY_ISO_CODES as readonly string[]).includes(value);
}

/** The country of an ISO code (case-insensitive); undefined when it is not in the list. */
export function phoneCountryByIso(iso: string): PhoneCountry | undefined {
  const upper = iso.toUpperCase();
  return isPhoneCountryIso(upper) ? { iso: upper, dialCode: DIAL_CODES[upper] } : undefined;
}

/** The country of a dialling prefix (with or without +); undefined when it is not in the list. */
export function phoneCountryByDialCode(dialCode: string): PhoneCountry | undefined {
  const digits = dialCode.replace(/^\+/, '');
  return ALL_PHONE_COUNTRIES.find((country) => country.dialCode === digits);
}

// longest prefix first, so +372 is Estonia and never a + 37… of some shorter code
const BY_PREFIX_LENGTH = [...ALL_PHONE_COUNTRIES].sort((a, b) => b.dialCode.length - a.dialCode.length);

/**
 * The country whose dialling prefix starts `digits` (the number without +, 00 or spaces). Dialling
 * prefixes are a prefix code, so at most one country of the list matches.
 */
export function phoneCountryOfDigits(digits: string): PhoneCountry | undefined {
  return BY_PREFIX_LENGTH.find((country) => digits.startsWith(country.dialCode));
}
