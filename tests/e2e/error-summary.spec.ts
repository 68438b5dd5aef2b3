import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import lvValidation from '../../locales/lv/validation.json' with { type: 'json' };
import ruValidation from '../../locales/ru/validation.json' with { type: 'json' };
import { workflowPath, WORDS } from './support/applicant.ts';

/**
 * The error summary of the application form (the GOV.UK pattern): an empty submission
 * puts the focus on a box at the top of the form that lists every invalid field as a link with
 * its own message; Enter on a link puts the focus in the field; the page has no WCAG 2.2 A/AA
 * violation with the summary shown. Also the requested loan beside the form (desktop) or above
 * it (phone).
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VALIDATION = { lv: lvValidation, ru: ruValidation };
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function answerCookieBanner(page: Page) {
  const banner = page.locator('[data-cookie-banner]');
  await expect(banner).toBeVisible();
  await banner.getByRole('button').first().click();
  await expect(banner).toBeHidden();
}

for (const lang of ['lv', 'ru'] as const satisfies readonly Language[]) {
  const { form } = WORDS[lang];
  const v = VALIDATION[lang];
  for (const width of [375, 1280]) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('an empty submission: the summary is focused, lists the fields and leads to each', async ({ page }) => {
        await page.goto(workflowPath(lang, 'enteringEssence'));
        await answerCookieBanner(page);
        await page.getByRole('button', { name: form.submit }).click();

        const summary = page.locator('.error-summary');
        await expect(summary).toBeFocused();
        await expect(summary.getByRole('heading', { level: 2 })).toHaveText(form.errorSummary.title);
        await expect(summary.getByRole('alert')).toBeVisible();
        // every field the form asks, each with its own words: no general "please enter data"
        await expect(summary.getByRole('link')).toHaveText([
          v.income,
          v.incomeTypes,
          v.enterFirstname,
          v.enterLastname,
          v.selectPurpose,
          v.enterPersonalCode,
          v.enterEmail,
          v.enterPhone,
          v.answerSpouse,
          v.answerDependents,
          v.answerLiabilities,
          v.answerPep,
          v.acceptTerms,
        ]);
        await expect(page.getByText(v.required, { exact: true })).toHaveCount(0);
        // the yes/no questions say which answer is missing, beside the question too
        for (const [question, message] of [
          [form.hasSpouse.label, v.answerSpouse],
          [form.hasDependents.label, v.answerDependents],
          [form.hasFinancialLiabilities.label, v.answerLiabilities],
          [form.politicalyExposedPerson.label, v.answerPep],
        ] as const) {
          await expect(page.getByRole('radiogroup', { name: question })).toHaveAccessibleDescription(
            containing(message),
          );
        }

        // the summary sits at the top of the form, in view
        await expect(summary).toBeInViewport();

        // Enter on a link: the focus is in the field, which is in view; a group gets its first answer
        await summary.getByRole('link', { name: v.enterLastname }).press('Enter');
        const lastname = page.getByRole('textbox', { name: form.lastname.label, exact: true });
        await expect(lastname).toBeFocused();
        await expect(lastname).toBeInViewport();
        await page.keyboard.type('Bērziņš');

        await summary.getByRole('link', { name: v.answerSpouse }).press('Enter');
        const spouse = page.getByRole('radiogroup', { name: form.hasSpouse.label });
        await expect(spouse.getByRole('radio', { name: form.yes, exact: true })).toBeFocused();
        // react-aria hides the input itself: the answer a person sees is its label
        await expect(
          spouse.getByRole('radio', { name: form.yes, exact: true }).locator('xpath=ancestor::label[1]'),
        ).toBeInViewport();

        await summary.getByRole('link', { name: v.selectPurpose }).press('Enter');
        await expect(page.getByRole('combobox', { name: form.loanPurpose.label, exact: true })).toBeFocused();

        // the address stays the step's; what was typed stays, and its error has left the summary
        await expect(page).toHaveURL(new RegExp(`${workflowPath(lang, 'enteringEssence')}$`));
        await expect(lastname).toHaveValue('Bērziņš');
        await expect(summary.getByRole('link', { name: v.enterLastname })).toHaveCount(0);

        const { violations } = await new AxeBuilder({ page })
          .withTags(WCAG_22_AA)
          // react-aria's own hidden announcer (as in workflow-accessibility.spec.ts)
          .exclude('[data-live-announcer]')
          .analyze();
        expect(
          violations.map((found) => `${found.id}: ${found.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });

      test('the requested loan is summed up and follows the amount and the term', async ({ page }) => {
        await page.goto(workflowPath(lang, 'enteringEssence'));
        await answerCookieBanner(page);
        const summary = page.getByRole('region', { name: form.loanSummary.title });
        await expect(summary).toBeVisible();
        const box = await summary.boundingBox();
        const formBox = await page.locator('form.application-form').boundingBox();
        if (!box || !formBox) throw new Error('no layout');
        if (width >= 992) {
          // beside the form, at its top
          expect(box.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);
          expect(Math.abs(box.y - formBox.y)).toBeLessThan(8);
        } else {
          // above the form, compact: at most two lines
          expect(box.y + box.height).toBeLessThanOrEqual(formBox.y);
          expect(box.height).toBeLessThan(100);
        }

        await page.getByRole('combobox', { name: form.amount.label, exact: true }).selectOption('12000');
        await page.getByRole('combobox', { name: form.term.label, exact: true }).selectOption('24');
        // Intl's grouping with a no-break space
        await expect(summary).toContainText(/12[\u00a0\u202f]000[\u00a0\u202f]€/);
        await expect(summary).toContainText(form.months_other.replace('{{count}}', '24'));
      });
    });
  }
}
