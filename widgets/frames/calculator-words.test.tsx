// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Calculator } from '../../src/features/calculator/index.ts';
import { createI18n } from '../../src/i18n/i18n.ts';
import type { Language } from '../../domain/language.ts';
import lvCalculator from '../../locales/lv/calculator.json';
import lvCommon from '../../locales/lv/common.json';
import ruCalculator from '../../locales/ru/calculator.json';
import ruCommon from '../../locales/ru/common.json';
import { loadCalculatorWords } from './calculator-words.ts';

const WHOLE_FILES = {
  lv: { calculator: lvCalculator, common: lvCommon },
  ru: { calculator: ruCalculator, common: ruCommon },
} as const;

afterEach(cleanup);

/** The widget's markup for some figures: every word the calculator can show, in one mode. */
function markup(resources: Parameters<typeof createI18n>[1], lang: Language, showFigures: boolean, term: number) {
  const { container } = render(
    <I18nextProvider i18n={createI18n(lang, resources)}>
      <Calculator
        amount={5000}
        term={term}
        product="consumer"
        showFigures={showFigures}
        applicationLink={() => ({ href: 'https://example.test/', newTab: true })}
      />
    </I18nextProvider>,
  );
  // React's generated ids differ from one render to the next
  const html = container.innerHTML.replaceAll(/_r_\w+_/g, 'id');
  cleanup();
  return html;
}

describe("the calculator widget's words", () => {
  // terms that take every plural form in Latvian (zero: 10, one: 1/21, other) and Russian (one: 21, few: 24, many: 60)
  for (const lang of ['lv', 'ru'] as const)
    for (const showFigures of [true, false])
      for (const term of [10, 21, 24, 60])
        it(`render the calculator in ${lang} as the whole word files do (${showFigures ? 'full' : 'apply only'}, ${term} months)`, async () => {
          const trimmed = markup(await loadCalculatorWords(lang), lang, showFigures, term);
          expect(trimmed).toBe(markup({ [lang]: WHOLE_FILES[lang] }, lang, showFigures, term));
          expect(trimmed).toContain(WHOLE_FILES[lang].common.warning);
        });

  it('carry only a few of the common words', async () => {
    const words = (await loadCalculatorWords('ru')).ru as { common: Record<string, string> };
    expect(Object.keys(words.common).length).toBeLessThan(8);
  });
});
