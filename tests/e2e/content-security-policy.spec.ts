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
  await page.route(THIRD_PARTY, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
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
  await page.reload();
  await page.mouse.click(5, 300);
  await page.waitForTimeout(500);
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
