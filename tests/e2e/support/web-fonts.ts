import type { Page } from '@playwright/test';

/**
 * Waits until the site's web fonts have drawn the page: its pages add the fonts' faces after their first paint, all
 * in one frame once loaded (src/entries/load-web-fonts.ts, which marks the root `data-web-fonts`), so
 * `document.fonts.ready` alone can resolve while the text is still in the fallback faces. A visitor's first page
 * only puts the files in the cache (`cached`) and keeps its fallbacks: the page is loaded again, as the next page a
 * visitor opens would be, and drawn in the faces.
 */
export async function webFontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-web-fonts'));
  if ((await webFontsMark(page)) === 'cached') {
    await page.reload();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-web-fonts') === 'added');
  }
  await page.evaluate(() => {
    // a layout with the faces added starts the loads later text needs; `ready` then waits for them
    void document.body.offsetHeight;
    return document.fonts.ready.then(() => undefined);
  });
}

/** The page's fonts mark: `cached` (a first page), `added`, or null while its script has not decided yet. */
export const webFontsMark = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.documentElement.getAttribute('data-web-fonts'));
