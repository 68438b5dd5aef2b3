import { expect, test } from '@playwright/test';
import { PAGES } from '../../domain/site-pages.ts';

for (const entry of PAGES) {
  test(`language switch round-trips ${entry.paths.lv} ⇄ ${entry.paths.ru}`, async ({ page }) => {
    await page.goto(entry.paths.lv);
    await page.getByRole('link', { name: 'Русский', exact: true }).click();
    await expect(page).toHaveURL(entry.paths.ru);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.getByRole('link', { name: 'Latviešu', exact: true }).click();
    await expect(page).toHaveURL(entry.paths.lv);
    await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  });
}

test('the second Russian FAQ path switches to the Latvian FAQ', async ({ page }) => {
  await page.goto('/ru/faq');
  await page.getByRole('link', { name: 'Latviešu', exact: true }).click();
  await expect(page).toHaveURL('/buj');
});
