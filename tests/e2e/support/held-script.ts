import type { Page, Route } from '@playwright/test';

/**
 * Holds back the scripts whose address matches `pattern`, as a slow phone's network would, until `release`:
 * `requested` lists each request as it was made, so a test can tell when the page asked for them.
 */
export async function holdScripts(page: Page, pattern: RegExp) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(pattern, async (route: Route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  return { requested, release: () => release() };
}
