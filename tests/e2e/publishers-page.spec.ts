import { expect, test } from '@playwright/test';
import lvPublishers from '../../locales/lv/publishers.json' with { type: 'json' };
import lvCalculator from '../../locales/lv/calculator.json' with { type: 'json' };

const { generator } = lvPublishers;

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
  // the generator is an island: what is typed before its script has hydrated it is not read, so the
  // test types again until the snippet follows (a fresh clone's run once lost the first fill)
  await expect(async () => {
    await amount.fill('12000');
    await expect(snippet).toContainText('data-amount="12000"', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('textbox', { name: generator.publisherId.label }).fill('manaslapas.lv');

  await expect(snippet).toContainText('data-amount="12000"');
  await expect(snippet).toContainText('data-publisher-id="manaslapas.lv"');
  await expect(snippet).toContainText('/widget/v1/loader.js');

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
