import { expect, type FrameLocator, type Page } from '@playwright/test';
import type { Language } from '../../../domain/language.ts';
import { lendersAnswerSchema } from '../../../domain/lenders.ts';
import { servesLoan } from '../../../domain/lender-reach.ts';
import type { LoanPurpose } from '../../../domain/loan-purposes.ts';
import lvForm from '../../../locales/lv/form.json' with { type: 'json' };
import ruForm from '../../../locales/ru/form.json' with { type: 'json' };
import lvWorkflow from '../../../locales/lv/workflow.json' with { type: 'json' };
import ruWorkflow from '../../../locales/ru/workflow.json' with { type: 'json' };
import lvScreens from '../../../locales/lv/screens.json' with { type: 'json' };
import ruScreens from '../../../locales/ru/screens.json' with { type: 'json' };
import lvOffers from '../../../locales/lv/offers.json' with { type: 'json' };
import ruOffers from '../../../locales/ru/offers.json' with { type: 'json' };

/** The words of the wizard, from the same locale files the screens read. */
export const WORDS = {
  lv: { form: lvForm, workflow: { ...lvWorkflow, ...lvScreens, offers: lvOffers } },
  ru: { form: ruForm, workflow: { ...ruWorkflow, ...ruScreens, offers: ruOffers } },
};

/** The paced server of playwright.config.ts: lenders answer one by one as the tests move their clock. */
export const PACED = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

export const APPLICANT = {
  personalId: '010180-15097',
  firstname: 'Jānis',
  lastname: 'Bērziņš',
  email: 'janis@example.lv',
  phone: '20000000',
  monthlyIncome: '1800',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const workflowPath = (lang: Language, step: string) => `${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/${step}`;

/** Where the wizard is: the site's page, or a widget's iframe on a publisher's page. */
export type Surface = Page | FrameLocator;

/** The form's selects are the browser's own. */
async function choose(page: Surface, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/**
 * react-aria keeps its checkbox and radio inputs visually hidden inside their labels: a person clicks the label.
 * In a widget the host page may still be scrolling the focused field into view (widgets/host), and a click
 * that lands while the page moves is tried again, as a person would; a box already ticked is left alone.
 */
export async function tick(within: Surface | ReturnType<Page['locator']>, role: 'checkbox' | 'radio', name: string) {
  const input = within.getByRole(role, { name, exact: true });
  await expect(async () => {
    if (!(await input.isChecked())) await input.locator('xpath=ancestor::label[1]').click();
    await expect(input).toBeChecked({ timeout: 1_000 });
  }).toPass();
}

async function answer(page: Surface, question: string, yes: boolean, lang: Language) {
  const { form } = WORDS[lang];
  await tick(page.getByRole('radiogroup', { name: question }), 'radio', yes ? form.yes : form.no);
}

/** The fewest answers of a valid application, by mouse; the e-mails about it stay on as the form opens them. */
export async function fillApplication(
  page: Surface,
  lang: Language,
  {
    monthlyIncome = APPLICANT.monthlyIncome,
    email = APPLICANT.email,
    personalId = APPLICANT.personalId,
    emailNotices = false,
    monthlyLiabilities,
    loanPurpose = 'personalNeeds',
    incomeType = 'fullTimeJob',
  }: {
    monthlyIncome?: string;
    email?: string;
    personalId?: string;
    emailNotices?: boolean;
    /** existing monthly credit payments, EUR; none by default */
    monthlyLiabilities?: string;
    /** the loan's purpose; personal needs by default */
    loanPurpose?: LoanPurpose;
    /** where the income comes from; a job by default */
    incomeType?: 'fullTimeJob' | 'selfEmployment';
  } = {},
) {
  const { form } = WORDS[lang];
  await page.getByRole('textbox', { name: form.monthlyIncome.label, exact: true }).fill(monthlyIncome);
  await tick(page, 'checkbox', form.incomeType[incomeType]);
  await choose(
    page,
    form.incomeTypes.employmentDuration.replace('{{type}}', form.incomeType[incomeType]),
    form.employmentDuration.over12Months,
  );
  await page.getByRole('textbox', { name: form.firstname.label, exact: true }).fill(APPLICANT.firstname);
  await page.getByRole('textbox', { name: form.lastname.label, exact: true }).fill(APPLICANT.lastname);
  await choose(page, form.loanPurpose.label, form.purpose[loanPurpose]);
  await page.getByRole('textbox', { name: form.personalId.label, exact: true }).fill(personalId);
  await page.getByRole('textbox', { name: form.email.label, exact: true }).fill(email);
  await page.getByRole('textbox', { name: form.phone.label, exact: true }).fill(`+371${APPLICANT.phone}`);
  await answer(page, form.hasSpouse.label, false, lang);
  await answer(page, form.hasDependents.label, false, lang);
  await answer(page, form.hasFinancialLiabilities.label, monthlyLiabilities !== undefined, lang);
  if (monthlyLiabilities !== undefined) {
    await page
      .getByRole('textbox', { name: form.monthlyFinancialLiabilities.label, exact: true })
      .fill(monthlyLiabilities);
  }
  await answer(page, form.politicalyExposedPerson.label, false, lang);
  await tick(page, 'checkbox', form.acceptTerms.label);
  await tick(page, 'checkbox', form.acceptDataSharing.label);
  if (emailNotices) await tick(page, 'checkbox', `${form.emailNotices.label} ${form.optional}`);
}

export async function submitApplication(page: Page, lang: Language) {
  await page.getByRole('button', { name: WORDS[lang].form.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${workflowPath(lang, 'choosingIdConfirmationMethodNoError')}$`));
}

/** The applicant is on `step` under its heading; a provider's redirect back may take a few seconds under load. */
export async function expectStep(page: Page, lang: Language, step: string, heading: string, timeout = 20_000) {
  await expect(page).toHaveURL(new RegExp(`${escape(workflowPath(lang, step))}$`), { timeout });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: Math.min(timeout, 5_000) });
}

/** The sandbox bank's login page: the personal code, then approve or refuse. */
export async function answerAtBank(page: Page, decision: 'approve' | 'refuse', personalId = APPLICANT.personalId) {
  await expect(page).toHaveURL(/\/sandbox\/banks\//);
  await page.locator('#personal_code').fill(personalId);
  await page.locator('#first_name').fill(APPLICANT.firstname);
  await page.locator('#last_name').fill(APPLICANT.lastname);
  await page.locator(`button[name="decision"][value="${decision}"]`).click();
}

export async function answerAtEParaksts(page: Page, decision: 'approve' | 'refuse') {
  await expect(page).toHaveURL(/\/sandbox\/eparaksts\//);
  await page.locator('#personal_code').fill(APPLICANT.personalId);
  await page.locator('#given_name').fill(APPLICANT.firstname);
  await page.locator('#family_name').fill(APPLICANT.lastname);
  await page.locator(`button[name="decision"][value="${decision}"]`).click();
}

/** The applicant's phone: the Smart-ID tester app, answering the session that shows `code`. */
export async function answerSmartId(page: Page, code: string, endResult: 'OK' | 'USER_REFUSED' | 'WRONG_VC') {
  const phone = await page.context().newPage();
  await phone.goto(`${new URL(page.url()).origin}/sandbox/smart-id/app`);
  const session = phone
    .locator('section')
    .filter({ has: phone.locator('.code', { hasText: new RegExp(`^${code}$`) }) });
  await session.locator(`button[name="endResult"][value="${endResult}"]`).click();
  // the answer posts and the app page reloads; closing the tab mid-navigation can hang Chromium for minutes
  await phone.waitForURL(/\/sandbox\/smart-id\/app/);
  await phone.waitForLoadState('load');
  await phone.close();
}

/** The 4-digit verification code the wizard shows. */
export async function verificationCode(page: Page): Promise<string> {
  const code = page.locator('.verification__code');
  await expect(code).toHaveText(/^\d{4}$/);
  return (await code.textContent())?.trim() ?? '';
}

/**
 * How many lenders of the server's registry serve this loan: the ones an application for it goes to (for the
 * purpose fillApplication chooses unless told another).
 */
export async function servingLenderCount(
  page: Page,
  loan: { amount: number; term: number; purpose?: LoanPurpose },
): Promise<number> {
  const lenders = lendersAnswerSchema.parse(await (await page.request.get('/api/lenders')).json());
  const asked = { purpose: 'personalNeeds' as const, ...loan };
  return lenders.filter((lender) => servesLoan(lender, asked)).length;
}
