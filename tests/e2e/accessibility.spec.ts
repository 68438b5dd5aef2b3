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

const WIDTHS = [375, 1280] as const;

for (const [kind, paths] of representatives) {
  for (const path of [paths.lv, paths.ru]) {
    test(`${kind}: ${path} has no WCAG 2.2 A/AA violation at ${WIDTHS.join(' or ')} px`, async ({ page }) => {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(path);
      // The cookie banner is open on a first visit; it is scanned along with the page.
      await expect(page.locator('[data-cookie-banner]')).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // a frame at the new width, so the layout and the components that follow it have settled
        await page.evaluate(
          () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
        );
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `at ${width} px`,
        ).toEqual([]);
      }
    });
  }
}
