import { expect, test, type Page } from '@playwright/test';
import { allPagePaths } from '../../domain/site-pages.ts';
import {
  answerSmartId,
  expectStep,
  fillApplication,
  submitApplication,
  verificationCode,
  WORDS,
} from './support/applicant.ts';

const THIRD_PARTY = /googletagmanager\.com|visualwebsiteoptimizer\.com|googleadservices\.com/;

/** Every Content Security Policy violation the page reports, from the moment it starts. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('every page loads, hydrates and accepts consent without a single CSP violation', async ({ page }) => {
  test.setTimeout(120_000);
  // the consented scripts are answered locally: there is no internet here
  const requested: string[] = [];
  await page.route(THIRD_PARTY, async (route) => {
    requested.push(new URL(route.request().url()).hostname);
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  const violations = await recordViolations(page);
  for (const path of allPagePaths()) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'");
    // the first touch hydrates the calculator where there is one
    await page.mouse.move(10, 300);
    await page.keyboard.press('Tab');
    expect(await violations(), path).toEqual([]);
  }
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('cookieConsent', JSON.stringify({ analytics: true, testing: true, ads: true })),
  );
  // the reload's policy is chosen without the consent cookie, which its script writes: the next page's allows the tools
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain('cookieConsent=analytics.testing.ads');
  await page.reload();
  await page.mouse.click(5, 300);
  // the three tools were fetched, so the policy let each through: a blocked one would be neither fetched nor silent
  await expect.poll(() => new Set(requested).size).toBe(3);
  expect(await violations()).toEqual([]);
});

test('the not-found pages carry the site policy, the API the strictest one', async ({ request }) => {
  for (const path of ['/nav-tadas-lapas', '/ru/net-takoj-stranicy']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-security-policy'], path).toContain("default-src 'self'");
    expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
  const api = await request.get('/api/institutions');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
});

test('the wizard, from the form through identification to the offers, raises no CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/ru/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'ru');
  await submitApplication(page, 'ru');
  await page.getByRole('button', { name: /Smart-ID/ }).click();
  await answerSmartId(page, await verificationCode(page), 'OK');
  await expectStep(page, 'ru', 'offers', WORDS.ru.workflow.steps.offers);
  expect(await violations()).toEqual([]);
});

test("no answer's policy allows inline styles or scripts: site, wizard, widgets, reference, simulators", async ({
  request,
}) => {
  const pages = [
    '/',
    '/ru/partneram',
    '/applicantWorkflow/enteringEssence',
    '/widget/v1/calculator',
    '/widget/v1/application?lang=ru',
    '/api/docs',
    '/sandbox/smart-id/app',
    '/sandbox/sms',
    '/sandbox/mail',
    '/nav-tadas-lapas',
  ];
  for (const path of pages) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(policy, path).toMatch(/default-src '(self|none)'/);
    expect(policy, path).not.toContain('unsafe-');
  }
});

test('the calculator fills its sliders before and after hydration, with style attributes refused', async ({ page }) => {
  const violations = await recordViolations(page);
  // the page as it arrives, before any script runs: the fill comes from the stylesheet alone
  await page.route(/\.js$/, (route) => route.abort());
  await page.goto('/');
  // the fill in percent, rounded: the stylesheet's typed attr() and the script's value differ in digits
  const fill = () =>
    page
      .locator('.step-slider')
      .first()
      .evaluate((slider) => Math.round(parseFloat(getComputedStyle(slider).getPropertyValue('--fill')) * 100) / 100);
  expect(await page.locator('[style]').count()).toBe(0);
  const before = await fill();
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThan(100);
  await page.unroute(/\.js$/);

  await page.goto('/');
  const amount = page.getByRole('slider').first();
  await amount.focus();
  await expect.poll(fill).toBe(before);
  await page.keyboard.press('End');
  await expect.poll(fill).toBe(100);
  expect(await violations()).toEqual([]);
});

test("a simulator's page looks as designed under its hashed style element", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/sandbox/smart-id/app');
  // the page's own style element applies: the main column is a white card of at most 34rem
  const main = page.locator('main');
  await expect(main).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(main).toHaveCSS('max-width', '544px');
  expect(await violations()).toEqual([]);
});
