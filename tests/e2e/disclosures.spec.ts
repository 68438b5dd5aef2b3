import { expect, test } from '@playwright/test';
import lvCommon from '../../locales/lv/common.json' with { type: 'json' };
import ruCommon from '../../locales/ru/common.json' with { type: 'json' };
import type { Language } from '../../domain/language.ts';
import { PUBLISHER_PORT } from '../../playwright.config.ts';

/**
 * The disclosures of Directive (EU) 2023/2225 where they need the page's styles or scripts: the
 * warning as large as the headline rate, the calculator's and the widget's. Their presence beside
 * every advertised figure of every page, the intermediary page and the accessibility statement are
 * checked in the prerendered HTML: tests/pages/disclosures.test.ts.
 */
const WARNING: Readonly<Record<Language, string>> = { lv: lvCommon.warning, ru: ruCommon.warning };
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;

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
