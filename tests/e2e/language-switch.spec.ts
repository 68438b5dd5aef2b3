import { expect, test } from '@playwright/test';

/**
 * The language switch followed by a person, both ways. That every page links to its twin, under the
 * other language's name, and that the twin speaks that language: tests/pages/language-links.test.ts.
 */
test('language switch round-trips / ⇄ /ru', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Русский', exact: true }).click();
  await expect(page).toHaveURL('/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('link', { name: 'Latviešu', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
});
