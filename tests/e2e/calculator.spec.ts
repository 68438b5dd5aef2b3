import { expect, test, type Page } from '@playwright/test';

const monthly = (page: Page) => page.getByTestId('monthly-payment');

/** Intl puts no-break spaces in money and counts; a reader sees plain spaces. */
const spaced = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}$`);

/** Moves a slider with the keyboard, as a person without a mouse would. */
async function setSlider(page: Page, name: string, presses: string[]) {
  const slider = page.getByRole('slider', { name });
  await slider.focus();
  for (const key of presses) await slider.press(key);
}

test('shows the spec worked example: 12 000 EUR over 60 months is 254,32 € a month, 15 847,20 € payable', async ({
  page,
}) => {
  // the consumer-credit page: its calculator carries the page's representative example (the home
  // page's stands beside its headline rate instead)
  await page.goto('/paterina-kredits');
  await expect(monthly(page)).toHaveText('105,96 €'); // 5 000 EUR, 60 months
  // 5 000 → 12 000 is seven steps of 1 000 on the amount list
  await setSlider(page, 'Kredīta summa', Array(7).fill('ArrowRight'));
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toHaveAttribute(
    'aria-valuetext',
    spaced('12 000 €'),
  );
  await expect(monthly(page)).toHaveText('254,32 €');
  const example = page.locator('.calculator .rep-example');
  await expect(example.getByText('15 847,20 €')).toBeVisible();
  await expect(example.getByText('588,00 €')).toBeVisible();
  await expect(example.getByText('9,89%')).toBeVisible();
  await expect(page.locator('.calculator').getByText('Uzmanību! Aizņemties naudu maksā naudu.')).toBeVisible();
});

test('walks the whole amount list from 500 to 25 000 EUR and the term from 6 to 84 months', async ({ page }) => {
  await page.goto('/');
  await setSlider(page, 'Kredīta summa', ['Home']);
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toHaveAttribute('aria-valuetext', spaced('500 €'));
  await setSlider(page, 'Kredīta summa', ['ArrowRight']);
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toHaveAttribute('aria-valuetext', spaced('750 €'));
  await setSlider(page, 'Kredīta summa', ['End']);
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toHaveAttribute(
    'aria-valuetext',
    spaced('25 000 €'),
  );
  await setSlider(page, 'Termiņš', ['End']);
  await expect(page.getByRole('slider', { name: 'Termiņš' })).toHaveAttribute('aria-valuetext', spaced('84 mēneši'));
  await expect(monthly(page)).toHaveText('413,61 €'); // 25 000 EUR at 9,89 % over 84 months
  await setSlider(page, 'Termiņš', ['Home']);
  await expect(page.getByRole('slider', { name: 'Termiņš' })).toHaveAttribute('aria-valuetext', spaced('6 mēneši'));
  await expect(monthly(page)).toHaveText('4287,68 €');
});

test('Russian calculator uses Russian plurals and links into the Russian application', async ({ page }) => {
  await page.goto('/ru');
  await setSlider(page, 'Срок', ['Home']); // 6 months: "месяцев"
  await expect(page.getByRole('slider', { name: 'Срок' })).toHaveAttribute('aria-valuetext', spaced('6 месяцев'));
  await setSlider(page, 'Срок', Array(15).fill('ArrowRight')); // 21 months: "месяц"
  await expect(page.getByRole('slider', { name: 'Срок' })).toHaveAttribute('aria-valuetext', spaced('21 месяц'));
  await setSlider(page, 'Срок', ['ArrowRight']); // 22: "месяца"
  await expect(page.getByRole('slider', { name: 'Срок' })).toHaveAttribute('aria-valuetext', spaced('22 месяца'));
  await expect(page.locator('.calculator').getByRole('link', { name: 'Получить предложения' })).toHaveAttribute(
    'href',
    '/ru/applicantWorkflow/enteringEssence?type=personalNeeds&amount=5000&term=22',
  );
});

test('the product page calculator starts from the product and links with its purpose', async ({ page }) => {
  await page.goto('/auto-kredits');
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toHaveAttribute(
    'aria-valuetext',
    spaced('12 000 €'),
  );
  await expect(page.locator('.calculator').getByRole('link')).toHaveAttribute(
    'href',
    '/applicantWorkflow/enteringEssence?type=buyingCar&amount=12000&term=72',
  );
});

test('every page that shows a rate shows one representative example and the warning beside it', async ({ page }) => {
  for (const path of ['/', '/ru', '/v1', '/paterina-kredits', '/ru/kredit-na-remont']) {
    await page.goto(path);
    const examples = page.locator('.rep-example');
    await expect(examples, path).toHaveCount(1);
    await expect(examples.locator('dt'), path).toHaveCount(8);
    // the warning stands in the block the example belongs to: the headline's, or the calculator's
    const block = page.locator('.hero__text, .calculator').filter({ has: examples });
    await expect(block, path).toHaveCount(1);
    await expect(block.locator('[data-credit-warning]').first(), path).toBeVisible();
  }
});

test('the home calculator counts a step taken before its script has come', async ({ page }) => {
  // the script comes when the visitor reaches for the calculator; hold it until the thumb has moved
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/hydrate-islands-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const slider = page.getByRole('slider', { name: 'Kredīta summa' });
  await slider.focus();
  await slider.press('End');
  release();
  await expect(slider).toHaveAttribute('aria-valuetext', spaced('25 000 €'));
  await expect(page.locator('.calculator').getByRole('link', { name: 'Saņemt piedāvājumus' })).toHaveAttribute(
    'href',
    /[?&]amount=25000(&|$)/,
  );
});

for (const width of [320, 375, 1280]) {
  test(`at ${width} px the home calculator keeps its height to the pixel while the amount moves over 20 steps`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const calculator = page.locator('.calculator').first();
    const slider = page.getByRole('slider', { name: 'Kredīta summa' });
    await slider.focus();
    await slider.press('Home');
    // the figures follow the amount once the calculator has hydrated
    await expect(slider).toHaveAttribute('aria-valuetext', spaced('500 €'));
    const heights = new Set<number>();
    let payment = '';
    for (let step = 0; step < 20; step += 1) {
      await slider.press('ArrowRight');
      await expect(monthly(page)).not.toHaveText(payment);
      payment = (await monthly(page).textContent()) ?? '';
      heights.add((await calculator.boundingBox())?.height ?? 0);
    }
    expect([...heights]).toHaveLength(1);
  });
}
