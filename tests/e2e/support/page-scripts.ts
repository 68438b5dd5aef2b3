import type { Page } from '@playwright/test';

/**
 * Resolves once the site page's own modules have run: they come after the page's first paint (domain/late-modules.ts)
 * and take what the inline script noted before them. A test that reads what those modules do (the storage rules, the
 * consent cookie) waits for this, as a person's next page would come after it.
 */
export async function pageScriptsRan(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { kkEarlyInput?: { taken: boolean } }).kkEarlyInput?.taken === true);
}
