import { expect, test, type Page } from '@playwright/test';
import { APPLICANT, tick, WORDS, workflowPath } from './support/applicant.ts';
import { holdScripts } from './support/held-script.ts';

/**
 * The wizard's first step comes as HTML, usable before any script (src/features/application/takeover): the
 * wizard's code is fetched at the person's first move and adopts the form as it stands. Here that code is held
 * back, as on a slow phone's network, while the person fills in what plain HTML lets them; nothing of it is lost,
 * and a press of the button before the code came is not lost either.
 */
const WIZARD_CODE = /\/assets\/start-workflow-[\w-]+\.js$/;

const holdWizardCode = (page: Page) => holdScripts(page, WIZARD_CODE);

/** The paths the page posts to, as it posts. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

test('lv: what is typed, ticked and chosen before the wizard’s code has come stays, and is what is sent', async ({
  page,
}) => {
  const { form } = WORDS.lv;
  const wizard = await holdWizardCode(page);
  const posts = recordPosts(page);
  await page.goto(workflowPath('lv', 'enteringEssence'));
  await page.waitForLoadState('load');
  // the form is on the page, and nothing of the wizard's code was asked for before the person moved
  await expect(page.getByRole('button', { name: form.submit })).toBeVisible();
  expect(wizard.requested).toHaveLength(0);

  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field(form.monthlyIncome.label).fill(APPLICANT.monthlyIncome);
  // the first move asks for the code; the request leaves a moment after the keystroke
  await expect.poll(() => wizard.requested.length).toBe(1);
  await field(form.firstname.label).fill(APPLICANT.firstname);
  await field(form.lastname.label).fill("O'Neil-Bērziņa");
  await page.getByRole('combobox', { name: form.loanPurpose.label, exact: true }).selectOption({
    label: form.purpose.personalNeeds,
  });
  await field(form.personalId.label).fill(APPLICANT.personalId);
  await field(form.email.label).fill(APPLICANT.email);
  await field(form.phone.label).fill(`+371${APPLICANT.phone}`);
  for (const question of [form.hasSpouse.label, form.hasDependents.label, form.hasFinancialLiabilities.label]) {
    await tick(page.getByRole('radiogroup', { name: question }), 'radio', form.no);
  }
  await tick(page.getByRole('radiogroup', { name: form.politicalyExposedPerson.label }), 'radio', form.no);
  await tick(page, 'checkbox', form.acceptTerms.label);
  await tick(page, 'checkbox', form.acceptDataSharing.label);

  wizard.release();
  // the code has the form: the income's follow-up question answers the tick, which plain HTML cannot do
  await tick(page, 'checkbox', form.incomeType.fullTimeJob);
  await page
    .getByRole('combobox', {
      name: form.incomeTypes.employmentDuration.replace('{{type}}', form.incomeType.fullTimeJob),
      exact: true,
    })
    .selectOption({ label: form.employmentDuration.over12Months });
  await expect(field(form.firstname.label)).toHaveValue(APPLICANT.firstname);
  await expect(field(form.lastname.label)).toHaveValue("O'Neil-Bērziņa");
  await expect(field(form.personalId.label)).toHaveValue(APPLICANT.personalId);
  await expect(page.getByRole('radiogroup', { name: form.hasSpouse.label }).getByLabel(form.no)).toBeChecked();

  // everything typed before the code came is in the application: the server takes it as complete
  await page.getByRole('button', { name: form.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${workflowPath('lv', 'choosingIdConfirmationMethodNoError')}$`));
  expect(posts).not.toContain(workflowPath('lv', 'enteringEssence'));
});

test('ru: a press of the button before the wizard’s code has come is held, then judged with what was typed', async ({
  page,
}) => {
  const { form } = WORDS.ru;
  const wizard = await holdWizardCode(page);
  const posts = recordPosts(page);
  await page.goto(workflowPath('ru', 'enteringEssence'));
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field(form.firstname.label).fill('Anna');
  await page.getByRole('button', { name: form.submit }).click();
  // held: the page neither posts the form nor leaves
  await expect(page).toHaveURL(new RegExp(`${workflowPath('ru', 'enteringEssence')}$`));
  expect(posts).not.toContain(workflowPath('ru', 'enteringEssence'));

  wizard.release();
  // the submission is made once the code has the form: the summary of what is missing, and the name kept
  await expect(page.getByRole('heading', { name: form.errorSummary.title })).toBeVisible();
  await expect(field(form.firstname.label)).toHaveValue('Anna');
  await expect(field(form.lastname.label)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(form.firstname.label)).not.toHaveAttribute('aria-invalid', 'true');
  // judged in the browser, as any incomplete form is: nothing went to the page or to the broker
  expect(posts.filter((path) => path !== '/api/funnelEvents')).toEqual([]);
});

test('ru, 375 px: after a reload the form the wizard draws again with the draft takes typing and the button', async ({
  page,
}) => {
  const { form } = WORDS.ru;
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(workflowPath('ru', 'enteringEssence'));
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field(form.firstname.label).fill("O'Neil");
  // the draft is kept once the wizard has the form: the lenders' choice shows then
  await expect(page.getByRole('heading', { name: form.sections.lenders, exact: true })).toBeVisible();
  await page.reload();
  await expect(field(form.firstname.label)).toHaveValue("O'Neil");
  await field(form.lastname.label).fill('Ivanova-Lielā');
  await expect(field(form.lastname.label)).toHaveValue('Ivanova-Lielā');
  await page.getByRole('button', { name: form.submit }).dblclick();
  await expect(page.getByRole('heading', { name: form.errorSummary.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${workflowPath('ru', 'enteringEssence')}$`));
});

test('lv: from the home page’s button the form for its loan is on the page before the wizard’s code, and keeps it', async ({
  page,
}) => {
  const { form } = WORDS.lv;
  const wizard = await holdWizardCode(page);
  await page.goto('/');
  // the home page's last call to action: a link with the consumer loan's figures, as the calculator's untouched
  await page.getByRole('link', { name: 'Saņemt piedāvājumus' }).last().click();
  await expect(page).toHaveURL(/\/applicantWorkflow\/enteringEssence\?type=personalNeeds&amount=5000&term=60$/);
  await expect(page.getByRole('button', { name: form.submit })).toBeVisible();
  const purpose = page.getByRole('combobox', { name: form.loanPurpose.label, exact: true });
  await expect(purpose).toHaveValue('personalNeeds');
  await page.waitForLoadState('networkidle');
  expect(wizard.requested).toHaveLength(0);

  const firstname = page.getByRole('textbox', { name: form.firstname.label, exact: true });
  await firstname.fill('Anna');
  await expect.poll(() => wizard.requested.length).toBe(1);
  wizard.release();
  // adopted: the lenders' choice shows below the form, and the name and the loan's purpose are the form's
  await expect(page.getByRole('heading', { name: form.sections.lenders, exact: true })).toBeVisible();
  await expect(firstname).toHaveValue('Anna');
  await expect(purpose).toHaveValue('personalNeeds');
  await expect(page.getByRole('combobox', { name: form.amount.label, exact: true })).toHaveValue('5000');
});
