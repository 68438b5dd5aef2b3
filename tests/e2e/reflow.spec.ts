import { expect, test, type Page } from '@playwright/test';
import { PAGES } from '../../domain/site-pages.ts';
import { workflowPath } from './support/applicant.ts';
import { webFontsLoaded } from './support/web-fonts.ts';

/**
 * Reflow (WCAG 2.2, 1.4.10): at 320 CSS pixels, the width of a phone zoomed to 400 %, no page scrolls
 * sideways; a long word, code or table wraps or scrolls inside its own box.
 */

/** The elements that stick out past the right edge of the page, named by tag and class. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 1) return false;
        // inside a box that scrolls on its own (a wide table's wrapper), sticking out is fine
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (parent.scrollWidth > parent.clientWidth && getComputedStyle(parent).overflowX !== 'visible') return false;
        }
        return true;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
      .slice(0, 5);
  });

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: no page scrolls sideways at 320 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const wide: string[] = [];
    for (const path of [...PAGES.map((entry) => entry.paths[lang]), workflowPath(lang, 'enteringEssence')]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await webFontsLoaded(page);
      const found = await overflowing(page);
      if (found.length > 0) wide.push(`${path}: ${found.join(', ')}`);
    }
    expect(wide).toEqual([]);
  });
}
