import type { Page } from '@playwright/test';

/**
 * Waits until the site's web fonts have drawn the page: its pages add the fonts' style sheet after
 * their first paint (src/entries/load-web-fonts.ts), so `document.fonts.ready` alone can resolve
 * while the text is still in the fallback faces.
 */
export async function webFontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => sheet.href !== null && /\/assets\/fonts-[\w-]+\.css$/.test(sheet.href)),
  );
  await page.evaluate(() => {
    // a layout with the faces declared starts the loads the text needs; `ready` then waits for them
    void document.body.offsetHeight;
    return document.fonts.ready.then(() => undefined);
  });
}
