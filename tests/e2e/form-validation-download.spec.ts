import { expect, test } from '@playwright/test';
import { fillApplication, WORDS, workflowPath } from './support/applicant.ts';
import { holdScripts } from './support/held-script.ts';

/**
 * The form's validation (the server's zod schema) is not part of the first step's download: it comes with the
 * person's first move on the form (src/features/application/form/load-validation.ts). A submission made before it
 * has come waits for it; one whose download failed says so and loses nothing.
 */
const VALIDATION_CHUNK = /\/assets\/application-validation-[\w-]+\.js$/;

test('ru: a submission made while the validation is still on its way goes on once it has come', async ({ page }) => {
  const { requested, release } = await holdScripts(page, VALIDATION_CHUNK);
  await page.goto(workflowPath('ru', 'enteringEssence'));
  const submit = page.getByRole('button', { name: WORDS.ru.form.submit });
  await expect(submit).toBeVisible();
  // nothing asks for it before the person moves
  expect(requested).toHaveLength(0);
  await fillApplication(page, 'ru');
  expect(requested).toHaveLength(1);
  await submit.click();
  // held: the form waits, with no error and nothing sent
  await expect(page).toHaveURL(new RegExp(`${workflowPath('ru', 'enteringEssence')}$`));
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(new RegExp(`${workflowPath('ru', 'choosingIdConfirmationMethodNoError')}$`));
});

test('lv: when the validation cannot be downloaded, the submission says it could not be sent and keeps the answers', async ({
  page,
}) => {
  await page.route(VALIDATION_CHUNK, (route) => route.abort());
  await page.goto(workflowPath('lv', 'enteringEssence'));
  await fillApplication(page, 'lv');
  await page.getByRole('button', { name: WORDS.lv.form.submit }).click();
  await expect(page.getByText(WORDS.lv.form.sendFailed)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${workflowPath('lv', 'enteringEssence')}$`));
  await expect(page.getByRole('textbox', { name: WORDS.lv.form.firstname.label, exact: true })).toHaveValue('Jānis');
  await expect(page.getByRole('textbox', { name: WORDS.lv.form.monthlyIncome.label, exact: true })).toHaveValue('1800');
});
