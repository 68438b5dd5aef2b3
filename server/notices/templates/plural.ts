import { intlLocale } from '../../../domain/language.ts';

/**
 * Counts with their words, by the plural categories of Intl.PluralRules, as i18next picks its
 * `_zero`/`_one`/`_few`/`_many`/`_other` keys; `{{count}}` is replaced by the number. Each language
 * must give all its forms, so a missing one is a type error, not a wrong word at run time.
 *
 * Latvian: one = 1, 21, 31… (not 11); zero = 0, 10–20, 30, 40…; other = 2–9, 22…
 * Russian: one = 1, 21… (not 11); few = 2–4, 22–24…; many = 0, 5–20, 25…; other = fractions.
 */
export interface LatvianForms {
  readonly zero: string;
  readonly one: string;
  readonly other: string;
}

export interface RussianForms {
  readonly one: string;
  readonly few: string;
  readonly many: string;
  readonly other: string;
}

const latvian = new Intl.PluralRules('lv');
const russian = new Intl.PluralRules('ru');
const latvianNumber = new Intl.NumberFormat(intlLocale.lv, { maximumFractionDigits: 0 });
const russianNumber = new Intl.NumberFormat(intlLocale.ru, { maximumFractionDigits: 0 });

const fill = (template: string, count: string): string => template.replaceAll('{{count}}', count);

export function pluralLv(count: number, forms: LatvianForms): string {
  const category = latvian.select(count);
  return fill(category === 'zero' || category === 'one' ? forms[category] : forms.other, latvianNumber.format(count));
}

export function pluralRu(count: number, forms: RussianForms): string {
  const category = russian.select(count);
  const template = category === 'one' || category === 'few' || category === 'many' ? forms[category] : forms.other;
  return fill(template, russianNumber.format(count));
}

/** "saņemti 3 piedāvājumi" → "Saņemti 3 piedāvājumi" at the start of a sentence. */
export const capitalize = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);
