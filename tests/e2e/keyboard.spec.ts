import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerSmartId, APPLICANT, expectStep, verificationCode, WORDS } from './support/applicant.ts';

/**
 * The whole application by keyboard alone: Tab to move, typing, Space and arrows to answer, Enter
 * to press. The test only checks where the focus is; it never clicks on the applicant's pages.
 * (The Smart-ID answer is given on the phone, which is another device.)
 */

async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 150; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: apply, identify, compare, choose and sign by keyboard alone`, async ({ page }) => {
    test.setTimeout(120_000);
    const { form, workflow } = WORDS[lang];
    const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
    const typeInto = async (name: string, text: string) => {
      await tabTo(page, textbox(name));
      await page.keyboard.type(text);
    };
    /** A closed select steps through its options with the arrow key (Space would open its list). */
    const selectByArrows = async (name: string, option: string) => {
      const select = page.getByRole('combobox', { name, exact: true });
      await tabTo(page, select);
      for (let presses = 0; presses < 40; presses++) {
        if ((await select.locator('option:checked').textContent()) === option) break;
        await page.keyboard.press('ArrowDown');
      }
      await expect(select.locator('option:checked')).toHaveText(option);
    };
    const answerNo = async (question: string) => {
      const group = page.getByRole('radiogroup', { name: question });
      // Tab enters an unanswered group at its first answer; the arrow moves to "no" and chooses it
      await tabTo(page, group.getByRole('radio', { name: form.yes, exact: true }));
      await page.keyboard.press('ArrowRight');
      await expect(group.getByRole('radio', { name: form.no, exact: true })).toBeChecked();
    };
    const tick = async (name: string) => {
      const box = page.getByRole('checkbox', { name, exact: true });
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    };

    await page.goto(`${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/enteringEssence`);
    // the cookie banner first, as a keyboard user meets it
    await tabTo(page, page.locator('[data-cookie-banner]').getByRole('button').first());
    await page.keyboard.press('Enter');

    await typeInto(form.monthlyIncome.label, APPLICANT.monthlyIncome);
    await tick(form.incomeType.fullTimeJob);
    await selectByArrows(
      form.incomeTypes.employmentDuration.replace('{{type}}', form.incomeType.fullTimeJob),
      form.employmentDuration.over12Months,
    );
    await typeInto(form.firstname.label, APPLICANT.firstname);
    await typeInto(form.lastname.label, APPLICANT.lastname);
    await selectByArrows(form.loanPurpose.label, form.purpose.personalNeeds);
    await typeInto(form.personalId.label, APPLICANT.personalId);
    await typeInto(form.email.label, APPLICANT.email);
    await typeInto(form.phone.label, APPLICANT.phone);
    await answerNo(form.hasSpouse.label);
    await answerNo(form.hasDependents.label);
    await answerNo(form.hasFinancialLiabilities.label);
    await answerNo(form.politicalyExposedPerson.label);
    await tick(form.acceptTerms.label);
    await tick(form.acceptDataSharing.label);
    await tabTo(page, page.getByRole('button', { name: form.submit }));
    await page.keyboard.press('Enter');

    await expectStep(page, lang, 'choosingIdConfirmationMethodNoError', workflow.steps.choosingMethod);
    // the new step's heading has the focus, so the screen reader starts there
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: /Smart-ID/ }));
    await page.keyboard.press('Enter');
    await answerSmartId(page, await verificationCode(page), 'OK');

    await expectStep(page, lang, 'offers', workflow.steps.offers);
    // on a desktop the offers are a table: the first row's one button chooses it
    const firstOffer = page.getByRole('table').first().locator('tbody').getByRole('row').first();
    await tabTo(page, firstOffer.getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) }));
    await page.keyboard.press('Enter');

    await expectStep(page, lang, 'offerChosen', workflow.steps.offerChosen);
    await tabTo(page, page.getByRole('button', { name: new RegExp(`^${workflow.chosen.signUnknown}`) }));
    await page.keyboard.press('Enter');

    // the lender's signing page, by keyboard too
    await expect(page).toHaveURL(/\/sandbox\/lenders\/.+\/contracts\//);
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await tabTo(page, page.locator('form button[type="submit"]'));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.paid, { timeout: 20_000 });
  });
}
