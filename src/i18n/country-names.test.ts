import { describe, expect, it } from 'vitest';
import lvCountries from '../../locales/lv/countries.json';
import ruCountries from '../../locales/ru/countries.json';
import { PHONE_COUNTRY_ISO_CODES } from '../../domain/phone-countries.ts';

describe('the phone countries in words', () => {
  it('has a non-empty lv and ru name for exactly the listed countries', () => {
    for (const names of [lvCountries, ruCountries] as Record<string, string>[]) {
      expect(Object.keys(names).sort()).toEqual([...PHONE_COUNTRY_ISO_CODES]);
      for (const name of Object.values(names)) expect(name.trim()).not.toBe('');
    }
    expect(lvCountries.LV).toBe('Latvija');
    expect(ruCountries.LV).toBe('Латвия');
    expect(lvCountries.LT).toBe('Lietuva');
    expect(ruCountries.EE).toBe('Эстония');
  });
});
