import type { Resource } from 'i18next';
import type { Language } from '../../domain/language.ts';

const wordsByLanguage = import.meta.glob<{ default: Readonly<Record<string, Readonly<Record<string, unknown>>>> }>(
  './calculator-words/*.ts',
);

/** The calculator widget's words in the page language: its own namespace and the common words it shows. */
export async function loadCalculatorWords(lang: Language): Promise<Resource> {
  const load = wordsByLanguage[`./calculator-words/${lang}.ts`];
  if (!load) throw new Error(`no calculator words in ${lang}`);
  return { [lang]: (await load()).default };
}
