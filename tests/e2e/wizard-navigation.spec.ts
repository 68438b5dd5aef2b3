import { expect, test } from '@playwright/test';
import { pageScriptsRan } from './support/page-scripts.ts';
import {
  answerAtBank,
  expectStep,
  fillApplication,
  submitApplication,
  WORDS,
  workflowPath,
} from './support/applicant.ts';

/** No dead ends in the wizard: unknown paths, deep links without an application, the back button after the bank. */

for (const [path, lang, heading] of [
  ['/applicantWorkflow/nonsense', 'lv', 'Lapa nav atrasta'],
  ['/applicantWorkflow/enteringEssence/somethingElse', 'lv', 'Lapa nav atrasta'],
  ['/ru/multistep/offers/more', 'ru', 'Страница не найдена'],
  ['/ru/applicantWorkflow/paterina-kredits', 'ru', 'Страница не найдена'],
] as const) {
  test(`${path}: a wizard path naming no step is the site's 404 in ${lang}, not an empty form`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('main a.button')).toHaveAttribute('href', lang === 'ru' ? '/ru' : '/');
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });
}

test('the bare wizard address starts an application at its first step, keeping the preselected purpose', async ({
  page,
}) => {
  await page.goto('/ru/applicantWorkflow?type=business');
  await expect(page).toHaveURL(/\/ru\/applicantWorkflow\/enteringEssence\?type=business$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORDS.ru.workflow.steps.enteringEssence);
});

for (const lang of ['lv', 'ru'] as const) {
  const { workflow } = WORDS[lang];

  test(`${lang}: a later step opened without an application starts at the form and says why`, async ({ page }) => {
    await page.goto(workflowPath(lang, 'offers'));
    await expectStep(page, lang, 'enteringEssence', workflow.steps.enteringEssence);
    await expect(page.getByRole('status').filter({ hasText: workflow.startNotice.noApplication })).toBeVisible();
    // the step indicator: the application is the current step of four
    const steps = page.getByRole('navigation', { name: workflow.journey.label }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(0)).toContainText(workflow.journey.application);
  });
}

test('lv: back from the offers after the bank leaves for the site home, not the bank login; forward loads the wizard, not the home under its address', async ({
  page,
}) => {
  const { workflow } = WORDS.lv;
  await page.goto(workflowPath('lv', 'enteringEssence'));
  await fillApplication(page, 'lv');
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve');
  await expectStep(page, 'lv', 'offers', workflow.steps.offers);
  const steps = page.getByRole('navigation', { name: workflow.journey.label }).getByRole('listitem');
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(1)).toContainText(workflow.journey.done);

  await page.goBack();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(workflow.steps.offers);
  // its script, which comes after its first paint, applies the storage rules
  await pageScriptsRan(page);
  // the home page forgot the application (spec: the token is cleared on any page outside the wizard), so
  // the wizard's page loads and starts over with one sentence why; the person comes back by Mans profils
  await page.goForward();
  await expectStep(page, 'lv', 'enteringEssence', workflow.steps.enteringEssence);
  await expect(page.getByRole('status').filter({ hasText: workflow.startNotice.noApplication })).toBeVisible();
});
