import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DIAL_CODE,
  DEFAULT_PHONE_COUNTRY,
  formatPhoneForDisplay,
  isValidPhone,
  normalizePhone,
  phoneCountryOfInput,
  phoneDigitsInput,
  splitPhone,
} from './phone.ts';
import {
  ALL_PHONE_COUNTRIES,
  RELEVANT_PHONE_COUNTRIES,
  phoneCountryByDialCode,
  phoneCountryByIso,
  phoneCountryOfDigits,
} from './phone-countries.ts';

describe('phone country list', () => {
  it('has the 39 countries of the spec, sorted by ISO code, each with a dialling prefix', () => {
    expect(ALL_PHONE_COUNTRIES).toHaveLength(39);
    const codes = ALL_PHONE_COUNTRIES.map((country) => country.iso);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(39);
    for (const country of ALL_PHONE_COUNTRIES) {
      expect(country.iso).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^[1-9]\d{0,3}$/);
    }
    expect(phoneCountryByIso('LV')).toEqual({ iso: 'LV', dialCode: '371' });
    expect(phoneCountryByIso('ee')).toEqual({ iso: 'EE', dialCode: '372' });
    expect(phoneCountryByIso('LT')?.dialCode).toBe('370');
    expect(phoneCountryByIso('RU')?.dialCode).toBe('7');
    expect(phoneCountryByIso('GB')?.dialCode).toBe('44');
    expect(phoneCountryByIso('XX')).toBeUndefined();
  });

  it('has prefixes no one of which starts another, so a number names one country', () => {
    for (const a of ALL_PHONE_COUNTRIES) {
      for (const b of ALL_PHONE_COUNTRIES) {
        if (a !== b) expect(b.dialCode.startsWith(a.dialCode), `${a.iso} ${b.iso}`).toBe(false);
      }
    }
    expect(phoneCountryOfDigits('37120000000')?.iso).toBe('LV');
    expect(phoneCountryOfDigits('37251234567')?.iso).toBe('EE');
    expect(phoneCountryOfDigits('79161234567')?.iso).toBe('RU');
    expect(phoneCountryOfDigits('2000')).toBeUndefined();
    expect(phoneCountryByDialCode('+371')?.iso).toBe('LV');
    expect(phoneCountryByDialCode('999')).toBeUndefined();
  });

  it('puts Latvia first in the relevant group, whose countries are all in the full list', () => {
    expect(RELEVANT_PHONE_COUNTRIES[0]).toEqual({ iso: DEFAULT_PHONE_COUNTRY, dialCode: DEFAULT_DIAL_CODE });
    expect(RELEVANT_PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(8);
    expect(RELEVANT_PHONE_COUNTRIES.length).toBeLessThanOrEqual(13);
    for (const country of RELEVANT_PHONE_COUNTRIES) expect(ALL_PHONE_COUNTRIES).toContainEqual(country);
    expect(RELEVANT_PHONE_COUNTRIES.map((c) => c.iso)).toEqual(expect.arrayContaining(['LT', 'EE', 'RU', 'GB']));
  });
});

describe('normalizePhone', () => {
  it('strips spaces and punctuation and keeps the international prefix', () => {
    expect(normalizePhone(' +371 2000-0000 ')).toBe('+37120000000');
    expect(normalizePhone('(+371) 26 19 84 37')).toBe('+37126198437');
    expect(normalizePhone('00371 20000000')).toBe('+37120000000');
    expect(normalizePhone('+44 7700 900123')).toBe('+447700900123');
    expect(normalizePhone('(+44) 7700 900123')).toBe('+447700900123');
  });

  it('reads a number without + or 00 as Latvian, the default country', () => {
    expect(normalizePhone('20000000')).toBe('+37120000000');
    expect(normalizePhone('2619 8437')).toBe('+37126198437');
    expect(normalizePhone('37120000000')).toBe('+37120000000');
  });
});

describe('isValidPhone', () => {
  it('accepts Latvian mobiles (2…) and landlines (6…) of eight digits, however written', () => {
    for (const phone of ['+37120000000', '+371 2619 8437', '+37167012345', '0037129999999', '26198437']) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it('refuses Latvian numbers of another length or another first digit', () => {
    for (const phone of [
      '+3712000000', // 7 digits
      '+371200000000', // 9 digits
      '+37130000000', // starts with 3
      '+37180000000', // toll-free: no SMS
      '+37190000000', // premium
      '+37100000000',
      '+3712',
      '+371',
      '',
      'abc',
      '2000000', // seven digits without a prefix
    ]) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });

  it('accepts numbers of the other listed countries of a plausible length', () => {
    for (const phone of [
      '+37061234567', // LT
      '+3725123456', // EE, 7 digits
      '+37251234567', // EE, 8 digits
      '+48512345678', // PL
      '+447700900123', // GB mobile
      '+353851234567', // IE mobile
      '+4915112345678', // DE mobile
      '+4741234567', // NO
      '+46701234567', // SE
      '+79161234567', // RU
      '+380501234567', // UA
      '+375291234567', // BY
      '+12125550123', // US
      '+390612345678', // IT landline keeps its 0
    ]) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it('refuses foreign numbers of an implausible length, with a trunk 0, or outside the list', () => {
    for (const phone of [
      '+3706123456', // LT, 7 digits
      '+370612345678', // LT, 9 digits
      '+7916123456', // RU, 9 digits
      '+4407700900123', // GB with its trunk 0
      '+49151', // too short
      '+4915112345678901', // 14 subscriber digits
      '+201001234567', // Egypt: not in the list
      '+0123456789',
      '+',
    ]) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });
});

describe('phoneDigitsInput', () => {
  it('adds the prefix to what the person types, without spaces or punctuation', () => {
    expect(phoneDigitsInput('', '371')).toBe('+371');
    expect(phoneDigitsInput('2', '371')).toBe('+3712');
    expect(phoneDigitsInput('2000 0000', '371')).toBe('+37120000000');
    expect(phoneDigitsInput('(200) 00-000', '371')).toBe('+37120000000');
    expect(phoneDigitsInput('61 234 567', '370')).toBe('+37061234567');
  });

  it('does not double a prefix the person typed or pasted', () => {
    expect(phoneDigitsInput('+371 2000 0000', '371')).toBe('+37120000000');
    expect(phoneDigitsInput('00371 2000 0000', '371')).toBe('+37120000000');
    expect(phoneDigitsInput('37120000000', '371')).toBe('+37120000000');
    expect(phoneDigitsInput('+370 612 34567', '370')).toBe('+37061234567');
    // 370… without + is the prefix only where the rest is a whole Lithuanian number
    expect(phoneDigitsInput('37061234567', '370')).toBe('+37061234567');
  });

  it('is stable: its own output comes back unchanged', () => {
    for (const [raw, dialCode] of [
      ['2000 0000', '371'],
      ['+44 7700 900123', '44'],
      ['', '372'],
      ['1234567890123456', '371'],
    ] as const) {
      const once = phoneDigitsInput(raw, dialCode);
      expect(phoneDigitsInput(once, dialCode)).toBe(once);
    }
  });

  it('keeps the prefix when the person deletes into it', () => {
    expect(phoneDigitsInput('+37', '371')).toBe('+371');
    expect(phoneDigitsInput('+', '371')).toBe('+371');
  });

  it('keeps at most 12 digits after the prefix', () => {
    expect(phoneDigitsInput('1234567890123456', '371')).toBe('+371123456789012');
    expect(phoneDigitsInput('+49 1234 5678 9012 345', '49')).toBe('+49123456789012');
  });

  it('drops a trunk 0, except in Italy', () => {
    expect(phoneDigitsInput('07700 900123', '44')).toBe('+447700900123');
    expect(phoneDigitsInput('+44 (0) 7700 900123', '44')).toBe('+447700900123');
    expect(phoneDigitsInput('06 1234 5678', '39')).toBe('+390612345678');
  });

  it('leaves the country switch of a pasted foreign number to phoneCountryOfInput', () => {
    expect(phoneCountryOfInput('+44 7700 900123')?.iso).toBe('GB');
    expect(phoneCountryOfInput('0049 151 1234 5678')?.iso).toBe('DE');
    expect(phoneCountryOfInput('(+372) 5123 4567')?.iso).toBe('EE');
    expect(phoneCountryOfInput('2000 0000')).toBeUndefined();
    expect(phoneCountryOfInput('+20 100 123 4567')).toBeUndefined();
  });
});

describe('formatPhoneForDisplay', () => {
  it('groups the subscriber digits 3+3+rest after the prefix', () => {
    expect(formatPhoneForDisplay('+37120000000')).toBe('+371 200 000 00');
    expect(formatPhoneForDisplay('+37126198437')).toBe('+371 261 984 37');
    expect(formatPhoneForDisplay('+447700900123')).toBe('+44 770 090 0123');
    expect(formatPhoneForDisplay('+79161234567')).toBe('+7 916 123 4567');
    expect(formatPhoneForDisplay('+37261234')).toBe('+372 612 34');
    expect(formatPhoneForDisplay('+371')).toBe('+371');
  });

  it('accepts the number however written and leaves unknown prefixes as they are', () => {
    expect(formatPhoneForDisplay(' 00371 2000-0000')).toBe('+371 200 000 00');
    expect(formatPhoneForDisplay('+201001234567')).toBe('+201001234567');
  });

  it('splits a number into its country and subscriber digits', () => {
    expect(splitPhone('+37120000000')).toEqual({ country: { iso: 'LV', dialCode: '371' }, subscriber: '20000000' });
    expect(splitPhone('+999123')).toBeNull();
  });
});
