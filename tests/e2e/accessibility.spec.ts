import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { allPagePaths } from '../../domain/site-pages.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of [...allPagePaths(), '/not-a-page', '/ru/not-a-page']) {
      test(`${path} has no WCAG 2.2 A/AA violation`, async ({ page }) => {
        await page.goto(path);
        // The cookie banner is open on a first visit; it is scanned along with the page.
        await expect(page.locator('[data-cookie-banner]')).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}
