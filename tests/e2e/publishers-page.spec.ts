import { expect, test } from '@playwright/test';
import lvPublishers from '../../locales/lv/publishers.json' with { type: 'json' };
import lvCalculator from '../../locales/lv/calculator.json' with { type: 'json' };
import lvWidget from '../../locales/lv/widget.json' with { type: 'json' };
import { PUBLISHER_PORT } from '../../playwright.config.ts';

const { generator } = lvPublishers;
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;

test('the publishers page generates a working snippet and previews the widget, within the Content Security Policy', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/partneriem');
  const amount = page.getByRole('textbox', { name: generator.amount.label });
  const snippet = page.getByTestId('snippet');
  // typed once, at once: whether or not the island has hydrated yet, the snippet follows
  await amount.fill('12000');
  await expect(snippet).toContainText('data-amount="12000"');
  await page.getByRole('textbox', { name: generator.publisherId.label }).fill('manaslapas.lv');

  await expect(snippet).toContainText('data-amount="12000"');
  await expect(snippet).toContainText('data-publisher-id="manaslapas.lv"');

  // the preview is the real widget with these options
  const preview = page.frameLocator('iframe[src*="/widget/v1/calculator"]');
  await expect(preview.getByRole('slider', { name: lvCalculator.amount })).toHaveAttribute(
    'aria-valuetext',
    /12\s?000/,
    { timeout: 10_000 },
  );

  // a publisher id the server would refuse: a localized error, and it leaves the snippet
  await page.getByRole('textbox', { name: generator.publisherId.label }).fill('mana lapa');
  await expect(page.getByText(generator.errors.publisherId)).toBeVisible();
  await expect(snippet).not.toContainText('data-publisher-id');
  expect(violations).toEqual([]);
});

test('typed before the generator has hydrated, the first typing counts', async ({ page }) => {
  // the generator's script is held back until the amount has been typed
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/widgets\/publishers-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // not waiting for the load event, which waits for the held script
  await page.goto('/partneriem', { waitUntil: 'commit' });
  const amount = page.getByRole('textbox', { name: generator.amount.label });
  await amount.fill('7000');
  const snippet = page.getByTestId('snippet');
  await expect(snippet).toContainText('data-amount="5000"');
  release();
  await expect(snippet).toContainText('data-amount="7000"');
  await expect(amount).toHaveValue('7000');
});

test('the snippet names the server that shows it, and pasted into a page of another origin it works', async ({
  page,
  baseURL,
  request,
}) => {
  await page.goto('/partneriem');
  const snippet = page.getByTestId('snippet');
  await page.getByRole('textbox', { name: generator.amount.label }).fill('9000');
  await expect(snippet).toContainText('data-amount="9000"');
  const code = (await snippet.textContent()) ?? '';
  expect(code).toContain(`s.src="${baseURL}/widget/v1/loader.js"`);
  expect(code).not.toContain('kreditkompass.lv');
  // and the privacy note names the same server as the one the widgets come from
  const privacy = page.getByRole('region', { name: lvPublishers.privacy.heading });
  await expect(privacy).toContainText(`${baseURL}.`);
  await expect(privacy).not.toContainText('kreditkompass.lv');

  // a publisher's page on another origin with the snippet pasted in
  const put = await request.put(`${PUBLISHER}/pasted-snippet.html`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    data: `<!doctype html><html lang="lv"><head><meta charset="utf-8"><title>Raksts</title></head><body><main><h1>Raksts</h1>${code}</main></body></html>`,
  });
  expect(put.status()).toBe(204);
  await page.goto(`${PUBLISHER}/pasted-snippet.html`);
  const widget = page.frameLocator('[data-loan-widget] iframe');
  await expect(widget.getByRole('slider', { name: lvCalculator.amount })).toHaveAttribute('aria-valuetext', /9\s?000/, {
    timeout: 10_000,
  });
});

test('the live preview follows the look and test-mode options', async ({ page }) => {
  await page.goto('/partneriem');
  const snippet = page.getByTestId('snippet');
  await page.getByRole('textbox', { name: generator.accentColor.label }).fill('#880022');
  await page.getByRole('textbox', { name: generator.font.label }).fill('Georgia, serif');
  await page.getByRole('checkbox', { name: generator.testMode.label }).check({ force: true });
  await expect(snippet).toContainText('data-accent-color="#880022" data-font="Georgia, serif" data-test-mode="true"');

  const preview = page.frameLocator('iframe[src*="testMode=true"]');
  await expect(preview.getByText(lvWidget.testMode.badge)).toBeVisible({ timeout: 10_000 });
  const look = await preview.locator('body').evaluate((body) => ({
    font: getComputedStyle(body).fontFamily,
    accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
  }));
  expect(look).toEqual({ font: 'Georgia, serif', accent: '#880022' });

  // a colour the widget does not take: a localized error, and it leaves the snippet
  await page.getByRole('textbox', { name: generator.textColor.label }).fill('red');
  await expect(page.getByText(generator.errors.textColor)).toBeVisible();
  await expect(snippet).not.toContainText('data-text-color');
});
