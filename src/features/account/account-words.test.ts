import { describe, expect, it } from 'vitest';
import { CONSENT_KINDS, CONSENT_SOURCES } from '../../../domain/account-api.ts';
import { APPLICATION_STATES, LENDER_PROGRESS } from '../../../domain/api.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvAccount from '../../../locales/lv/account.json';
import ruAccount from '../../../locales/ru/account.json';
import { timeLeft } from './time-left.ts';

const i18n = (lang: 'lv' | 'ru') =>
  createI18n(lang, { lv: { account: lvAccount }, ru: { account: ruAccount } }).getFixedT(lang, 'account');

/** Every key of a words file, as dotted paths. */
function keysOf(words: object, prefix = ''): string[] {
  return Object.entries(words).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
/** A key without its plural ending: the two languages have different plural forms. */
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the account’s words', () => {
  it('both languages say the same things', () => {
    const lv = new Set(keysOf(lvAccount).map(withoutPlural));
    const ru = new Set(keysOf(ruAccount).map(withoutPlural));
    expect([...lv].sort()).toEqual([...ru].sort());
  });

  it.each(['lv', 'ru'] as const)('%s: every state, lender progress, consent and source has words', (lang) => {
    const t = i18n(lang);
    const keys = [
      ...APPLICATION_STATES.map((state) => `states.${state}`),
      ...LENDER_PROGRESS.map((progress) => `progress.${progress}`),
      ...CONSENT_KINDS.map((kind) => `consents.${kind}`),
      ...CONSENT_SOURCES.map((source) => `consents.sources.${source}`),
    ];
    for (const key of keys) expect(t(key), key).not.toBe(key);
  });

  it('months and the idle timeout follow Latvian plurals (zero, one, other)', () => {
    const t = i18n('lv');
    expect(Object.keys(lvAccount).filter((key) => key.startsWith('months_'))).toEqual([
      'months_zero',
      'months_one',
      'months_other',
    ]);
    expect([1, 21, 24, 60, 11].map((count) => t('months', { count }))).toEqual([
      '1 mēnesis',
      '21 mēnesis',
      '24 mēneši',
      '60 mēnešu',
      '11 mēnešu',
    ]);
    expect(t('sessionNote', { count: 1 })).toContain('pēc 1 minūtes');
    expect(t('sessionNote', { count: 30 })).toContain('pēc 30 minūtēm');
  });

  it('months and the idle timeout follow Russian plurals (one, few, many, other)', () => {
    const t = i18n('ru');
    expect(Object.keys(ruAccount).filter((key) => key.startsWith('months_'))).toEqual([
      'months_one',
      'months_few',
      'months_many',
      'months_other',
    ]);
    expect([1, 21, 24, 60, 12].map((count) => t('months', { count }))).toEqual([
      '1 месяц',
      '21 месяц',
      '24 месяца',
      '60 месяцев',
      '12 месяцев',
    ]);
    expect(t('sessionNote', { count: 30 })).toContain('после 30 минут ');
    expect(t('sessionNote', { count: 21 })).toContain('после 21 минуты ');
  });

  it('tells the time left in its two largest units, never less than a minute', () => {
    const lv = i18n('lv');
    const ru = i18n('ru');
    const minutes = (count: number) => count * 60_000;
    expect(timeLeft(minutes(2 * 1440 + 3 * 60 + 5), lv)).toBe('2 d. 3 st.');
    expect(timeLeft(minutes(1440), lv)).toBe('1 d.');
    expect(timeLeft(minutes(90), lv)).toBe('1 st. 30 min.');
    expect(timeLeft(10_000, lv)).toBe('1 min.');
    expect(timeLeft(minutes(2 * 1440 + 3 * 60), ru)).toBe('2 дн. 3 ч');
    expect(timeLeft(minutes(45), ru)).toBe('45 мин');
  });
});
