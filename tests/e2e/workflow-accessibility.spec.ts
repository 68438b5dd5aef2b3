import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import {
  answerAtBank,
  answerSmartId,
  expectStep,
  fillApplication,
  PACED,
  submitApplication,
  verificationCode,
  WORDS,
} from './support/applicant.ts';
import { applyUntilNoOffers, moveLenderClockUntil } from './support/lender-clock.ts';

/**
 * axe-core on every step of the wizard, in both languages, at a phone's width and a laptop's,
 * each step in the state a person meets it (errors shown, more banks open, the Smart-ID code, offers).
 * One journey a language: each step is scanned at both widths before the journey goes on.
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [375, 1280] as const;

test.use({ baseURL: PACED, viewport: { width: WIDTHS[0], height: 900 } });

/** Lays the page out at `width` and lets the components that follow the width (cards or a table) render. */
async function layOutAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

async function scan(page: Page, step: string) {
  for (const width of WIDTHS) {
    await layOutAt(page, width);
    await scanAt(page, `${step} at ${width} px`);
  }
}

async function scanAt(page: Page, step: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    // react-aria's own hidden announcer: after a pending button it keeps, for seven seconds, an already
    // spoken entry whose label element has gone with the pending state
    .exclude('[data-live-announcer]')
    .analyze();
  expect(
    violations.map((v) => `${step}: ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`),
    step,
  ).toEqual([]);
}

async function acceptCookies(page: Page) {
  // the cookie banner is scanned on the public pages; here it is answered first, as a person would
  const banner = page.locator('[data-cookie-banner]');
  if (await banner.isVisible()) await banner.getByRole('button').first().click();
}

for (const lang of ['lv', 'ru'] as const satisfies readonly Language[]) {
  const { workflow, form } = WORDS[lang];
  test.describe(lang, () => {
    test('every step from the form to the payout has no WCAG 2.2 A/AA violation', async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto(`${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/enteringEssence`);
      await expect(page.getByRole('button', { name: form.submit })).toBeVisible();
      await scan(page, 'the empty form, cookie banner open');
      await acceptCookies(page);

      await page.getByRole('button', { name: form.submit }).click();
      await expect(page.locator('.error-summary')).toBeFocused();
      await scan(page, 'the form with its errors');

      await fillApplication(page, lang);
      // personal needs: Rīgas Līča Banka is listed apart, with the purpose it does not lend for
      await expect(page.getByText(new RegExp(`^Rīgas Līča Banka: .*${form.purpose.personalNeeds}`))).toBeVisible();
      await scan(page, 'the filled form, a lender left out for the purpose');
      await submitApplication(page, lang);
      await page.getByRole('button', { name: workflow.method.moreBanks }).click();
      await scan(page, 'the method choice, more banks open');

      await page.getByRole('button', { name: /Smart-ID/ }).click();
      const code = await verificationCode(page);
      await scan(page, 'the Smart-ID code');

      await answerSmartId(page, code, 'USER_REFUSED');
      await expectStep(page, lang, 'choosingIdConfirmationMethodWithError', workflow.steps.choosingMethod);
      await scan(page, 'identification failed');

      await page.getByRole('button', { name: /Daugavas Banka/ }).click();
      await answerAtBank(page, 'approve');
      await expectStep(page, lang, 'waiting', workflow.steps.waiting);
      await scan(page, 'waiting for the lenders');
      await moveLenderClockUntil(
        page.request,
        () => expect(page.getByRole('button', { name: workflow.waiting.showOffers })).toBeVisible({ timeout: 300 }),
        { stepMs: 500 },
      );
      await expectStep(page, lang, 'waiting', workflow.steps.waiting);
      await scan(page, 'waiting, the first offers in');

      await moveLenderClockUntil(page.request, () => expectStep(page, lang, 'offers', workflow.steps.offers, 1_000));
      await scan(page, 'the offers');

      // a card's button on a phone, a row's in the table: the first offer's either way
      await page
        .getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) })
        .first()
        .click();
      await expectStep(page, lang, 'offerChosen', workflow.steps.offerChosen);
      await scan(page, 'the chosen offer');

      await page.getByRole('button', { name: new RegExp(`^${workflow.chosen.signUnknown}`) }).click();
      await page.getByRole('checkbox').check();
      await page.locator('form button[type="submit"]').click();
      await expectStep(page, lang, 'signing', workflow.signing.signedTitle);
      await scan(page, 'signing');

      await moveLenderClockUntil(page.request, () =>
        expect(page.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.paid, { timeout: 1_000 }),
      );
      await scan(page, 'paid');
    });

    test('no offers and the error screen have no WCAG 2.2 A/AA violation', async ({ page }) => {
      await page.goto(`${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/enteringEssence`);
      await acceptCookies(page);
      await applyUntilNoOffers(page, lang);
      await scan(page, 'no offers');

      await page.route('**/api/getApplicationStatus**', (route) => route.abort('connectionrefused'));
      await page.reload();
      await expectStep(page, lang, 'error', workflow.steps.error);
      await scan(page, 'the error screen');
    });
  });
}
