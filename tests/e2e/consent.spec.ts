import { expect, test, type Page } from '@playwright/test';
import { pageScriptsRan } from './support/page-scripts.ts';

const THIRD_PARTY = /googletagmanager\.com|visualwebsiteoptimizer\.com|googleadservices\.com/;

/** Records every request to the analytics, testing and ads hosts (answered locally: there is no internet). */
async function recordThirdParty(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(THIRD_PARTY, async (route) => {
    requested.push(new URL(route.request().url()).hostname);
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requested;
}

/*
 * The loader adds a tool's script element in the same task as the interaction or the choice that allows it
 * (src/tracking/deferred-scripts.ts), so right after them the page's scripts say what will load: no element,
 * no request.
 */
const banner = (page: Page) => page.getByRole('region', { name: 'Mēs cienām jūsu izvēli' });

test('nothing third-party loads before consent, even after interaction; refusing is one click', async ({ page }) => {
  const requested = await recordThirdParty(page);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.mouse.click(5, 300);
  await page.keyboard.press('Tab');
  await banner(page).getByRole('button', { name: 'Noraidīt visas' }).click();
  await expect(banner(page)).toBeHidden();
  await page.mouse.click(5, 300);
  await expect(page.locator('script[data-third-party]')).toHaveCount(0);
  expect(requested).toEqual([]);
  await page.reload();
  await expect(banner(page)).toBeHidden();
  await page.mouse.click(5, 300);
  await expect(page.locator('script[data-third-party]')).toHaveCount(0);
  expect(requested).toEqual([]);
});

test('with consent, the scripts wait for the first interaction of a page whose policy allows them', async ({
  page,
}) => {
  const requested = await recordThirdParty(page);
  await page.goto('/');
  // the first page's script has run without a choice: it wrote no cookie
  await pageScriptsRan(page);
  await page.evaluate(() =>
    localStorage.setItem('cookieConsent', JSON.stringify({ analytics: true, testing: true, ads: true })),
  );
  // a choice kept from before the consent cookie: this page's policy was chosen without the cookie, which the
  // page then writes, so the tools come from the next page on
  await page.reload();
  await pageScriptsRan(page);
  await expect(banner(page)).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(page.locator('script[data-third-party]')).toHaveCount(0);
  const next = await page.goto('/ru');
  expect(next?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
  await expect(page.locator('script[data-third-party]')).toHaveCount(0);
  expect(requested).toEqual([]);
  await page.keyboard.press('Tab');
  await expect
    .poll(() => [...requested].sort())
    .toEqual(['dev.visualwebsiteoptimizer.com', 'www.googleadservices.com', 'www.googletagmanager.com']);
});

test('a choice in the banner takes effect from the next page; a partial choice allows and loads only its part', async ({
  page,
}) => {
  const requested = await recordThirdParty(page);
  await page.goto('/ru');
  const ruBanner = page.getByRole('region', { name: 'Мы уважаем ваш выбор' });
  await ruBanner.getByRole('button', { name: 'Настройки' }).click();
  const boxes = ruBanner.getByRole('checkbox');
  for (const box of await boxes.all()) {
    if (await box.isEnabled()) await expect(box).not.toBeChecked(); // nothing pre-ticked
  }
  await ruBanner.getByRole('checkbox', { name: /Аналитика/ }).check();
  await ruBanner.getByRole('button', { name: 'Сохранить выбор' }).click();
  // this page's policy names no third party: nothing is added that it would refuse
  await expect(page.locator('script[data-third-party]')).toHaveCount(0);
  const next = await page.goto('/ru/sovety');
  const policy = next?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain('https://www.googletagmanager.com');
  expect(policy).not.toMatch(/visualwebsiteoptimizer|googleadservices/);
  await page.mouse.click(5, 300);
  await expect.poll(() => requested).toEqual(['www.googletagmanager.com']);
  await expect(page.locator('script[data-third-party]')).toHaveCount(1);
  expect(requested).toEqual(['www.googletagmanager.com']);
});

test('the choice can be changed on the cookie policy page', async ({ page }) => {
  const requested = await recordThirdParty(page);
  await page.goto('/sikdatnu-politika');
  await banner(page).getByRole('button', { name: 'Noraidīt visas' }).click();
  await expect(page.getByText('Jūsu pašreizējā izvēle: tikai nepieciešamās')).toBeVisible();
  await page.getByRole('button', { name: 'Mainīt sīkdatņu izvēli' }).click();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Pieņemt visas' }).click();
  await expect(page.getByText('Jūsu pašreizējā izvēle: visas pieņemtas')).toBeVisible();
  await page.reload();
  await page.mouse.click(5, 300);
  await expect.poll(() => requested.length).toBe(3);
});
