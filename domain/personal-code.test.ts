import { describe, expect, it } from 'vitest';
import {
  birthDateFromPersonalCode,
  isNewFormatPersonalCode,
  isValidPersonalCode,
  formatPersonalCode,
  normalizePersonalCode,
} from './personal-code.ts';

describe('personal code', () => {
  it('accepts an old-format code with a correct check digit, with or without the hyphen', () => {
    expect(isValidPersonalCode('010180-15097')).toBe(true);
    expect(isValidPersonalCode('01018015097')).toBe(true);
  });

  it('accepts an old-format code whose check digit is 0 (remainder 10), which the mod-11 shortcut rejects', () => {
    // weights (1,6,3,7,9,10,5,8,4,2) over 1203891005 give (1101 - sum) mod 11 = 10, so Q = 0
    expect(isValidPersonalCode('120389-10050')).toBe(true);
    expect(isValidPersonalCode('120389-10051')).toBe(false);
  });

  it('rejects a wrong check digit, an impossible date and an unknown century', () => {
    expect(isValidPersonalCode('010180-15098')).toBe(false);
    expect(isValidPersonalCode('310280-15097')).toBe(false);
    expect(isValidPersonalCode('010180-35097')).toBe(false);
    expect(isValidPersonalCode('0101801509')).toBe(false);
    expect(isValidPersonalCode('')).toBe(false);
  });

  it('accepts the new format without checking a check digit', () => {
    expect(isValidPersonalCode('325671-23456')).toBe(true);
    expect(isValidPersonalCode('32567123457')).toBe(true);
    expect(isValidPersonalCode('315671-23456')).toBe(false);
    expect(isNewFormatPersonalCode('329999-99999')).toBe(true);
    expect(birthDateFromPersonalCode('325671-23456')).toBeNull();
  });

  it('reads the date of birth of an old-format code', () => {
    expect(birthDateFromPersonalCode('010180-15097')).toBe('1980-01-01');
    expect(birthDateFromPersonalCode('290204-20000')).toBe('2004-02-29');
  });

  it('normalizes to XXXXXX-XXXXX', () => {
    expect(normalizePersonalCode(' 01018015097 ')).toBe('010180-15097');
    expect(normalizePersonalCode('010180 - 15097')).toBe('010180-15097');
    // too short to be a code: kept as typed for the validation message
    expect(normalizePersonalCode(' 010180-1509 ')).toBe('010180-1509');
  });

  it('formats what a provider or a tester typed, or says it is no code', () => {
    expect(formatPersonalCode('32345678901')).toBe('323456-78901');
    expect(formatPersonalCode('010180-15097')).toBe('010180-15097');
    expect(formatPersonalCode('010180-1509')).toBeNull();
    expect(formatPersonalCode('PNOLV-010180-15097')).toBeNull();
  });
});
