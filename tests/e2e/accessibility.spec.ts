import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PAGES, type PageEntry } from '../../domain/site-pages.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core once per page kind, language and width: the pages of a kind are one component filled with
 * other words (domain/site-pages.ts), so the first page of each kind stands for the others; what only
 * their words could break (names of links and buttons, alternative text, ids) is checked on every page
 * by tests/pages/content-rules.test.ts. The not-found page is reached the way people reach it, at an
 * unknown path.
 */
const kindOf = ({ kind }: PageEntry) => (kind.type === 'home' && kind.variant ? `home ${kind.variant}` : kind.type);
const representatives = new Map<string, { lv: string; ru: string }>();
for (const entry of PAGES) {
  if (!representatives.has(kindOf(entry))) representatives.set(kindOf(entry), { ...entry.paths });
}
representatives.set('notFound', { lv: '/not-a-page', ru: '/ru/not-a-page' });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const [kind, paths] of representatives) {
      for (const path of [paths.lv, paths.ru]) {
        test(`${kind}: ${path} has no WCAG 2.2 A/AA violation`, async ({ page }) => {
          await page.goto(path);
          // The cookie banner is open on a first visit; it is scanned along with the page.
          await expect(page.locator('[data-cookie-banner]')).toBeVisible();
          const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
          expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        });
      }
    }
  });
}
