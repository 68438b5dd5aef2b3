import { describe, expect, it } from 'vitest';
import lvCommon from '../../locales/lv/common.json' with { type: 'json' };
import ruCommon from '../../locales/ru/common.json' with { type: 'json' };
import { company } from '../../domain/company.ts';
import type { Language } from '../../domain/language.ts';
import { LENDER_COUNT } from '../../generated/lender-count.ts';
import { PAGES } from '../../domain/site-pages.ts';
import { lenderRegistryFromEnv } from '../../server/lenders/lender-config.ts';
import { SANDBOX_LENDERS } from '../../server/sandbox/lenders/catalogue.ts';
import { linksNamed, prerendered, textOf } from './support/prerendered.ts';

/**
 * The disclosures of Directive (EU) 2023/2225 as a visitor meets them, over every page of the
 * registry in both languages: the prerendered HTML, read without running any script. How large the
 * warning stands beside the headline rate needs the page's styles: tests/e2e/disclosures.spec.ts.
 */
const WARNING: Readonly<Record<Language, string>> = { lv: lvCommon.warning, ru: ruCommon.warning };
const common = { lv: lvCommon, ru: ruCommon } as const;
/** the registry the server derives: LENDERS_CONFIG(_FILE), else the sandbox's own lenders */
const configured = lenderRegistryFromEnv(process.env);
const expectedLenderCount = configured.length > 0 ? configured.length : SANDBOX_LENDERS.length;

/**
 * Every advertised figure in the page's content (a rate, an amount in euros) whose block has no
 * warning. A block is the figure's nearest section or article (the representative example belongs
 * to the block it stands in), else the main content. Tools that are not advertising are left out:
 * the publishers' snippet generator (its fields' help names the amounts a widget accepts).
 */
function figuresWithoutWarning(document: Document): string[] {
  const figure = /\d\s?%|\d\s?(?:EUR|€)/;
  const main = document.querySelector('main');
  if (!main) return ['no main'];
  const missing: string[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const element = node.parentElement;
    if (!element || !figure.test(text)) continue;
    if (element.closest('[data-island]:not([data-island="calculator"])')) continue;
    const block = element.closest('section:not(.rep-example), article') ?? main;
    if (!block.querySelector('[data-credit-warning]')) missing.push(`${text.trim()} (in ${block.className})`);
  }
  return missing;
}

describe.each(PAGES.flatMap((entry) => (['lv', 'ru'] as const).map((lang) => [entry.paths[lang], lang] as const)))(
  '%s',
  (path, lang) => {
    it('the warning stands beside every advertised figure', () => {
      const document = prerendered(path);
      expect(figuresWithoutWarning(document)).toEqual([]);
      for (const warning of document.querySelectorAll('main [data-credit-warning]')) {
        expect(textOf(warning)).toBe(WARNING[lang]);
      }
    });

    it('shows at most one representative example, and exactly one where it advertises a loan', () => {
      const entry = PAGES.find((candidate) => candidate.paths[lang] === path);
      const examples = prerendered(path).querySelectorAll('.rep-example');
      if (entry?.kind.type === 'home' || entry?.kind.type === 'product') expect(examples).toHaveLength(1);
      else expect(examples.length).toBeLessThanOrEqual(1);
    });
  },
);

describe.each(['lv', 'ru'] as const)('%s: who we are and the accessibility statement', (lang) => {
  it('the intermediary page states registration, lenders, fees, powers and complaints', () => {
    const document = prerendered(lang === 'lv' ? '/kredita-starpnieks' : '/ru/kreditnyj-posrednik');
    expect(textOf(document.querySelector('h1'))).toBe(
      lang === 'lv' ? 'Kredīta starpnieka informācija' : 'Информация о кредитном посреднике',
    );
    const main = document.querySelector('main');
    expect(textOf(main)).toContain(company.licence);
    expect(textOf(main)).toContain(`${expectedLenderCount}`);
    for (const fact of ['registration', 'lenders', 'payment', 'powers', 'complaints']) {
      const heading = main?.querySelectorAll(`[data-fact="${fact}"] h2`) ?? [];
      expect(heading, fact).toHaveLength(1);
      expect(textOf(heading[0])).toBe(common[lang].intermediaryPage[`${fact}Heading` as 'paymentHeading']);
    }
    expect(textOf(main?.querySelector('[data-fact="payment"]'))).toContain(
      lang === 'lv' ? 'Tu mums nemaksā neko' : 'Вы не платите нам ничего',
    );
    expect(textOf(main?.querySelector('[data-fact="complaints"]'))).toContain(company.email);
  });

  it('the accessibility statement gives status, gaps, reporting, enforcement and review date', () => {
    const document = prerendered(lang === 'lv' ? '/pieejamiba' : '/ru/dostupnost');
    expect(textOf(document.querySelector('h1'))).toBe(
      lang === 'lv' ? 'Piekļūstamības paziņojums' : 'Заявление о доступности',
    );
    const main = document.querySelector('main') as Element;
    expect(textOf(main)).toContain('WCAG 2.2 AA');
    expect(main.querySelectorAll('#accessibility-gaps + ul li')).toHaveLength(3);
    for (const shown of [
      `a[href="mailto:${company.email}"]`,
      `a[href="${company.phoneHref}"]`,
      'time[datetime="2026-11-25"]',
    ]) {
      const found = main.querySelectorAll(shown);
      expect(found, shown).toHaveLength(1);
      expect(found[0]?.closest('[hidden]'), shown).toBeNull();
    }
    expect(textOf(main)).toContain('PTAC');
  });

  it('the footer links to both pages', () => {
    const footer = prerendered(lang === 'lv' ? '/' : '/ru').querySelector('footer') as Element;
    const intermediary = linksNamed(footer, common[lang].footer.intermediary);
    const accessibility = linksNamed(footer, common[lang].footer.accessibility);
    expect(intermediary.map((link) => link.getAttribute('href'))).toEqual([
      lang === 'lv' ? '/kredita-starpnieks' : '/ru/kreditnyj-posrednik',
    ]);
    expect(accessibility.map((link) => link.getAttribute('href'))).toEqual([
      lang === 'lv' ? '/pieejamiba' : '/ru/dostupnost',
    ]);
  });
});

it('the site states the number of lenders the registry holds', () => {
  expect(LENDER_COUNT).toBe(expectedLenderCount);
});
