import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const HOME_JS_BUDGET = 100 * 1024;

test(`the home page loads at most ${HOME_JS_BUDGET / 1024} kB gzip of JavaScript before any interaction`, async ({
  page,
}) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toBeVisible();
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`home page JavaScript before interaction: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
});
