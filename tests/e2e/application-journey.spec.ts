import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import {
  answerAtBank,
  answerAtEParaksts,
  answerSmartId,
  expectStep,
  fillApplication,
  PACED,
  servingLenderCount,
  submitApplication,
  verificationCode,
  WORDS,
  workflowPath,
} from './support/applicant.ts';
import { moveLenderClockUntil } from './support/lender-clock.ts';

/**
 * The whole application in a real browser against the real server and its simulators (banks,
 * Smart-ID, eParaksts, 16 lenders answering one by one as the test moves their clock), in Latvian and Russian.
 */
test.use({ baseURL: PACED });

/** Moves the lenders' clock until the wizard is on `step`: the lenders have answered, or paid out. */
const lendersMoveTo = (page: Page, lang: Language, step: string, heading: string) =>
  moveLenderClockUntil(page.request, () => expectStep(page, lang, step, heading, 1_000));

test('lv: apply, identify at the bank, watch offers arrive, choose one, sign with the lender, get paid', async ({
  page,
}) => {
  const { workflow } = WORDS.lv;
  await page.goto('/applicantWorkflow/enteringEssence?type=personalNeeds&amount=12000&term=60');
  await fillApplication(page, 'lv');
  await submitApplication(page, 'lv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.choosingMethod);
  // the tab's title names the step
  await expect(page).toHaveTitle(`${workflow.steps.choosingMethod} | Kreditkompass`);

  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve');

  // back from the bank: the lenders answer one by one
  await expectStep(page, 'lv', 'waiting', workflow.steps.waiting);
  // identified: the form's draft is gone, the next application starts empty
  expect(await page.evaluate(() => window.sessionStorage.getItem('applicationDraft'))).toBeNull();
  const progress = page.getByRole('progressbar', { name: workflow.waiting.progressLabel });
  // the lenders that lend 12 000 € over 60 months
  const serving = await servingLenderCount(page, { amount: 12000, term: 60 });
  await expect(progress).toHaveAttribute('aria-valuemax', String(serving));
  // half a second of the lenders' time at a go: the first offer comes while others are still deciding
  await moveLenderClockUntil(
    page.request,
    () => expect(page.getByRole('button', { name: workflow.waiting.showOffers })).toBeVisible({ timeout: 300 }),
    { stepMs: 500 },
  );
  await expect(page).toHaveURL(new RegExp(`${workflowPath('lv', 'waiting')}$`));
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(serving);

  await lendersMoveTo(page, 'lv', 'offers', workflow.steps.offers);
  // at 1280 px the offers for the loan asked are the first table's rows, each headed by its lender
  const offers = page.getByRole('table').first().locator('tbody').getByRole('row');
  await expect(offers.first()).toBeVisible();
  expect(await page.getByRole('rowheader').count()).toBeGreaterThan(3);
  await expect(page.getByText(workflow.offers.best).first()).toBeVisible();

  // sorted by APR: the first row's APR is the lowest
  await page.getByRole('radio', { name: workflow.offers.sort.apr }).check({ force: true });
  const chooseFirst = offers.first().getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) });
  const lender = ((await chooseFirst.getAttribute('aria-label')) ?? '').replace(
    workflow.offers.chooseLabel.replace('{{lender}}', ''),
    '',
  );
  await chooseFirst.click();

  await expectStep(page, 'lv', 'offerChosen', workflow.steps.offerChosen);
  await page.getByRole('button', { name: workflow.chosen.sign.replace('{{lender}}', lender) }).click();

  // the lender's own signing page, then back to us
  await expect(page).toHaveURL(/\/sandbox\/lenders\/.+\/contracts\//);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Parakstīt līgumu' }).click();
  // signed: the page waits for the lender's payout, which waits on the lender's clock, then says it is paid
  await expectStep(page, 'lv', 'signing', workflow.signing.signedTitle);
  await lendersMoveTo(page, 'lv', 'paid', workflow.steps.paid);
});

test('ru: apply, identify with Smart-ID, see the offers', async ({ page }) => {
  const { workflow } = WORDS.ru;
  await page.goto('/ru/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'ru');
  await submitApplication(page, 'ru');
  await page.getByRole('button', { name: /Smart-ID/ }).click();
  await expectStep(page, 'ru', 'confirmingIdentity', workflow.confirming.title);
  const code = await verificationCode(page);
  await answerSmartId(page, code, 'OK');
  await expectStep(page, 'ru', 'waiting', workflow.steps.waiting);
  await lendersMoveTo(page, 'ru', 'offers', workflow.steps.offers);
  await expect(page.getByRole('table').first()).toBeVisible();
});

test('lv: apply, identify with an electronic signature, see the offers', async ({ page }) => {
  const { workflow } = WORDS.lv;
  await page.goto('/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'lv');
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /eParaksts/ }).click();
  await answerAtEParaksts(page, 'approve');
  await expectStep(page, 'lv', 'waiting', workflow.steps.waiting);
  await lendersMoveTo(page, 'lv', 'offers', workflow.steps.offers);
});

test('lv: the bank refuses, the applicant is told and tries Smart-ID instead', async ({ page }) => {
  const { workflow } = WORDS.lv;
  await page.goto('/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'lv');
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Vidzemes Banka/ }).click();
  await answerAtBank(page, 'refuse');
  await expectStep(page, 'lv', 'choosingIdConfirmationMethodWithError', workflow.steps.choosingMethod);
  await expect(page.getByRole('alert')).toContainText('Identifikācija neizdevās! Lūdzu, mēģiniet vēlreiz.');

  await page.getByRole('button', { name: /Smart-ID/ }).click();
  await answerSmartId(page, await verificationCode(page), 'OK');
  await expectStep(page, 'lv', 'waiting', workflow.steps.waiting);
});

test('ru: Smart-ID refused on the phone shows the identification failure in Russian', async ({ page }) => {
  const { workflow } = WORDS.ru;
  await page.goto('/ru/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'ru');
  await submitApplication(page, 'ru');
  await page.getByRole('button', { name: /Smart-ID/ }).click();
  await answerSmartId(page, await verificationCode(page), 'USER_REFUSED');
  await expectStep(page, 'ru', 'choosingIdConfirmationMethodWithError', workflow.steps.choosingMethod);
  await expect(page.getByRole('alert')).toContainText('Идентификация не удалась! Пожалуйста, попробуйте ещё раз.');
});

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: at 1280×800 the waiting screen's way to the offers is in view without scrolling, above the lists`, async ({
    page,
  }) => {
    const { workflow } = WORDS[lang];
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/enteringEssence?amount=12000&term=60`);
    await fillApplication(page, lang);
    await submitApplication(page, lang);
    await page.getByRole('button', { name: /Daugavas Banka/ }).click();
    await answerAtBank(page, 'approve');
    await expectStep(page, lang, 'waiting', workflow.steps.waiting);
    // several offers in while other lenders are still out: the lists under the way on grow
    const offers = page.locator('.waiting-offers__item');
    await moveLenderClockUntil(page.request, () => expect(offers.nth(2)).toBeVisible({ timeout: 300 }), {
      stepMs: 500,
    });
    await expect(page).toHaveURL(new RegExp(`${workflowPath(lang, 'waiting')}$`));

    await page.evaluate(() => window.scrollTo(0, 0));
    const show = page.getByRole('button', { name: workflow.waiting.showOffers });
    await expect(show).toBeInViewport({ ratio: 1 });
    // and nothing over it: the cookie banner of a first visit sits at the bottom edge
    const box = await show.boundingBox();
    const atItsMiddle = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('button')?.textContent ?? null,
      [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    );
    expect(atItsMiddle).toBe(workflow.waiting.showOffers);
    const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
    const lendersHeading = page.getByRole('heading', { level: 2, name: workflow.waiting.lendersHeading });
    expect(await top(show)).toBeLessThan(await top(offers.first()));
    expect(await top(show)).toBeLessThan(await top(lendersHeading));
  });
}

test('lv: a reload in the middle of waiting resumes the waiting, and the offers still arrive', async ({ page }) => {
  const { workflow } = WORDS.lv;
  await page.goto('/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'lv');
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve');
  await expectStep(page, 'lv', 'waiting', workflow.steps.waiting);
  // the middle of the waiting: the first lenders have answered, the others have not
  const progress = page.getByRole('progressbar', { name: workflow.waiting.progressLabel });
  await moveLenderClockUntil(
    page.request,
    () => expect(progress).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 300 }),
    {
      stepMs: 500,
    },
  );

  await page.reload();
  await expectStep(page, 'lv', 'waiting', workflow.steps.waiting);
  // the form's default loan: 5 000 € over 60 months
  await expect(progress).toHaveAttribute(
    'aria-valuemax',
    String(await servingLenderCount(page, { amount: 5000, term: 60 })),
  );
  await lendersMoveTo(page, 'lv', 'offers', workflow.steps.offers);
});

test('lv: nobody offers a loan on an income this low, and the applicant is told so', async ({ page }) => {
  const { workflow } = WORDS.lv;
  await page.goto('/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'lv', { monthlyIncome: '1' });
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve');
  await lendersMoveTo(page, 'lv', 'noOffers', workflow.steps.noOffers);
});

test('ru: when the service cannot be reached the error screen says so, and trying again resumes', async ({ page }) => {
  const { workflow } = WORDS.ru;
  await page.goto('/ru/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'ru');
  await submitApplication(page, 'ru');

  await page.route('**/api/getApplicationStatus**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expectStep(page, 'ru', 'error', 'Произошла ошибка');

  await page.unroute('**/api/getApplicationStatus**');
  await page.getByRole('button', { name: workflow.error.retry }).click();
  await expectStep(page, 'ru', 'choosingIdConfirmationMethodNoError', workflow.steps.choosingMethod);
});

test('lv: back and forward: back from the method choice returns to the form, which starts a new application', async ({
  page,
}) => {
  const { workflow } = WORDS.lv;
  await page.goto('/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'lv');
  await submitApplication(page, 'lv');
  // the method choice on screen (its code loaded): the form is no longer on the page
  await expectStep(page, 'lv', 'choosingIdConfirmationMethodNoError', workflow.steps.choosingMethod);
  await expect(page.getByRole('textbox', { name: WORDS.lv.form.email.label })).toHaveCount(0);
  await page.goBack();
  await expectStep(page, 'lv', 'enteringEssence', workflow.steps.enteringEssence);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // what was typed is still there, except the personal code and the income
  await expect(page.getByRole('textbox', { name: WORDS.lv.form.email.label })).toHaveValue('janis@example.lv');
  await page.goForward();
  await expectStep(page, 'lv', 'enteringEssence', workflow.steps.enteringEssence);
});

test('a deep link to a later step without a saved application lands on the first step', async ({ page }) => {
  await page.goto('/ru/applicantWorkflow/offers');
  await expectStep(page, 'ru', 'enteringEssence', WORDS.ru.workflow.steps.enteringEssence);
  await page.goto('/multistep/confirmingIdentity');
  await expect(page).toHaveURL(/\/multistep\/enteringEssence$/);
});
