import { expect, test, type Page } from '@playwright/test';
import lvCommon from '../../locales/lv/common.json' with { type: 'json' };
import ruCommon from '../../locales/ru/common.json' with { type: 'json' };
import { PAGES } from '../../domain/site-pages.ts';
import type { Language } from '../../domain/language.ts';
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { company } from '../../domain/company.ts';
import { LENDER_COUNT } from '../../generated/lender-count.ts';
import { lenderRegistryFromEnv } from '../../server/lenders/lender-config.ts';
import { SANDBOX_LENDERS } from '../../server/sandbox/lenders/catalogue.ts';

/**
 * The disclosures of Directive (EU) 2023/2225 as a visitor meets them, over every page of the
 * registry in both languages: the prerendered HTML, read without running any script.
 */
const WARNING: Readonly<Record<Language, string>> = { lv: lvCommon.warning, ru: ruCommon.warning };
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;
/** the registry the server derives: LENDERS_CONFIG(_FILE), else the sandbox's own lenders */
const configured = lenderRegistryFromEnv(process.env);
const expectedLenderCount = configured.length > 0 ? configured.length : SANDBOX_LENDERS.length;

/**
 * Every advertised figure in the page's content (a rate, an amount in euros) whose block has no
 * warning. A block is the figure's nearest section or article (the representative example belongs
 * to the block it stands in), else the main content. Tools that are not advertising are left out:
 * the publishers' snippet generator (its fields' help names the amounts a widget accepts).
 */
const figuresWithoutWarning = (page: Page) =>
  page.evaluate(() => {
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
  });

test.describe('prerendered pages', () => {
  test.use({ javaScriptEnabled: false });

  for (const entry of PAGES) {
    for (const lang of ['lv', 'ru'] as const) {
      const path = entry.paths[lang];
      test(`${path}: the warning stands beside every advertised figure`, async ({ page }) => {
        await page.goto(path);
        expect(await figuresWithoutWarning(page)).toEqual([]);
        for (const warning of await page.locator('main [data-credit-warning]').all()) {
          await expect(warning).toHaveText(WARNING[lang]);
        }
      });
    }
  }
});

test.describe('prominence', () => {
  for (const lang of ['lv', 'ru'] as const) {
    test(`${lang}: the headline rate comes with its APR, the warning as large as it, and one representative example`, async ({
      page,
    }) => {
      await page.goto(lang === 'lv' ? '/' : '/ru');
      const rate = page.locator('.hero__rate');
      await expect(rate).toHaveText(lang === 'lv' ? /GPL \d+,\d+\s?%/ : /ГПС \d+,\d+\s?%/);
      const warning = page.locator('.hero__text [data-credit-warning]');
      await expect(warning).toHaveText(WARNING[lang]);
      await expect(warning).toBeVisible();
      const size = (locator: typeof rate) =>
        locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(await size(warning)).toBeGreaterThanOrEqual(await size(rate));
      expect(Number(await warning.evaluate((element) => getComputedStyle(element).fontWeight))).toBeGreaterThanOrEqual(
        700,
      );
      await expect(page.locator('.rep-example')).toHaveCount(1);
      // the calculator's own figure: the warning beside it, at least the size of its label
      const calculatorWarning = page.locator('.calculator [data-credit-warning]');
      await expect(calculatorWarning).toHaveText(WARNING[lang]);
      expect(await size(calculatorWarning)).toBeGreaterThanOrEqual(
        await size(page.locator('.calculator__monthly-label')),
      );
    });
  }

  test('the calculator widget on a publisher’s page shows the warning beside its figures', async ({ page }) => {
    await page.goto(`${PUBLISHER}/declarative.html`);
    const frame = page.frameLocator('#calculator iframe');
    await expect(frame.getByTestId('monthly-payment')).toBeVisible();
    const result = frame.locator('.calculator__result');
    await expect(result.locator('[data-credit-warning]')).toHaveText(WARNING.lv);
    await expect(result.locator('[data-credit-warning]')).toBeVisible();
    await expect(frame.locator('.rep-example')).toHaveCount(1);
  });
});

test.describe('who we are and the accessibility statement', () => {
  test.use({ javaScriptEnabled: false });
  const common = { lv: lvCommon, ru: ruCommon } as const;

  for (const lang of ['lv', 'ru'] as const) {
    test(`${lang}: the intermediary page states registration, lenders, fees, powers and complaints`, async ({
      page,
    }) => {
      await page.goto(lang === 'lv' ? '/kredita-starpnieks' : '/ru/kreditnyj-posrednik');
      await expect(page.locator('h1')).toHaveText(
        lang === 'lv' ? 'Kredīta starpnieka informācija' : 'Информация о кредитном посреднике',
      );
      const main = page.locator('main');
      await expect(main).toContainText(company.licence);
      await expect(main).toContainText(`${expectedLenderCount}`);
      for (const fact of ['registration', 'lenders', 'payment', 'powers', 'complaints']) {
        await expect(main.locator(`[data-fact="${fact}"] h2`)).toHaveText(
          common[lang].intermediaryPage[`${fact}Heading` as 'paymentHeading'],
        );
      }
      await expect(main.locator('[data-fact="payment"]')).toContainText(
        lang === 'lv' ? 'Tu mums nemaksā neko' : 'Вы не платите нам ничего',
      );
      await expect(main.locator('[data-fact="complaints"]')).toContainText(company.email);
    });

    test(`${lang}: the accessibility statement gives status, gaps, reporting, enforcement and review date`, async ({
      page,
    }) => {
      await page.goto(lang === 'lv' ? '/pieejamiba' : '/ru/dostupnost');
      await expect(page.locator('h1')).toHaveText(
        lang === 'lv' ? 'Piekļūstamības paziņojums' : 'Заявление о доступности',
      );
      const main = page.locator('main');
      await expect(main).toContainText('WCAG 2.2 AA');
      await expect(main.locator('#accessibility-gaps + ul li')).toHaveCount(3);
      await expect(main.locator(`a[href="mailto:${company.email}"]`)).toBeVisible();
      await expect(main.locator(`a[href="${company.phoneHref}"]`)).toBeVisible();
      await expect(main).toContainText('PTAC');
      await expect(main.locator('time[datetime="2026-11-25"]')).toBeVisible();
    });

    test(`${lang}: the footer links to both pages`, async ({ page }) => {
      await page.goto(lang === 'lv' ? '/' : '/ru');
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: common[lang].footer.intermediary })).toHaveAttribute(
        'href',
        lang === 'lv' ? '/kredita-starpnieks' : '/ru/kreditnyj-posrednik',
      );
      await expect(footer.getByRole('link', { name: common[lang].footer.accessibility })).toHaveAttribute(
        'href',
        lang === 'lv' ? '/pieejamiba' : '/ru/dostupnost',
      );
    });
  }
});

test('the site states the number of lenders the registry holds', () => {
  expect(LENDER_COUNT).toBe(expectedLenderCount);
});
