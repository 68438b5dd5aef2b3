import { statSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import { PAGES } from '../../domain/site-pages.ts';
import lvLenders from '../../locales/lv/lenders.json' with { type: 'json' };
import ruLenders from '../../locales/ru/lenders.json' with { type: 'json' };
import {
  answerAtBank,
  answerSmartId,
  expectStep,
  fillApplication,
  PACED,
  submitApplication,
  verificationCode,
  WORDS,
  workflowPath,
} from './support/applicant.ts';
import { applyUntilNoOffers, moveLenderClockUntil } from './support/lender-clock.ts';

/**
 * Issue 16: a full-page screenshot of every page of the registry and every step of the wizard a person can
 * reach, in Latvian and Russian, at a phone's width (375 × 667) and a laptop's (1280 × 800), attached to the
 * test's results (test-results/…/<lang>-<width>-<what>.png) for a person to look at, side by side with an
 * earlier build's. Each shot still asserts what a person sees first: the page's language and its heading.
 *
 * The cookie banner is answered ("reject all", stored as the banner stores it) before every page, so the
 * pages are taken without it; the home page is taken once more on a first visit, banner open.
 */
const LANGUAGES = ['lv', 'ru'] as const satisfies readonly Language[];
const VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
] as const;

/** The registry's pages in two halves: two tests a language and width, each within a minute. */
const HALVES = [PAGES.slice(0, Math.ceil(PAGES.length / 2)), PAGES.slice(Math.ceil(PAGES.length / 2))] as const;

/** Pages whose content comes from a script of their own (src/entries/prerender.ts, OWN_ENTRIES). */
const LATE_PAGES = new Set(['publishers', 'account', 'smsOptOut', 'unsubscribe']);

async function rejectCookies(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('cookieConsent')) {
      window.localStorage.setItem('cookieConsent', JSON.stringify({ analytics: false, testing: false, ads: false }));
    }
  });
}

/** A full-page PNG in the test's output folder, attached to its results; it must not be empty. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  // no hover state left where the last click was
  await page.mouse.move(0, 0);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  expect(statSync(path).size, name).toBeGreaterThan(5_000);
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The page speaks its language and shows its heading: what a person sees first. */
async function expectPage(page: Page, lang: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

for (const lang of LANGUAGES) {
  const { workflow, form } = WORDS[lang];
  const lenders = (lang === 'lv' ? lvLenders : ruLenders).lenders;
  for (const viewport of VIEWPORTS) {
    const prefix = `${lang}-${viewport.width}`;

    test.describe(`${lang} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('the home page on a first visit, the cookie banner open', async ({ page }, testInfo) => {
        await page.goto(lang === 'ru' ? '/ru' : '/');
        await expect(page.locator('[data-cookie-banner]')).toBeVisible();
        await expectPage(page, lang);
        await shoot(page, testInfo, `${prefix}-page-home-cookie-banner`);
      });

      HALVES.forEach((pages, half) => {
        test(`every page of the registry, part ${half + 1} of 2, the cookies answered`, async ({ page }, testInfo) => {
          await rejectCookies(page);
          for (const entry of pages) {
            await page.goto(entry.paths[lang]);
            await expectPage(page, lang);
            await expect(page.locator('[data-cookie-banner]')).toBeHidden();
            // the publishers' preview and the account's pages render after their scripts' requests
            if (LATE_PAGES.has(entry.kind.type)) await page.waitForLoadState('networkidle');
            await shoot(page, testInfo, `${prefix}-page-${entry.id}`);
          }
        });
      });

      test.describe('the wizard', () => {
        test.use({ baseURL: PACED });

        test('every step from the empty form to the payout, identification failing once', async ({
          page,
        }, testInfo) => {
          test.setTimeout(120_000);
          await rejectCookies(page);
          const step = (n: number, name: string) => `${prefix}-wizard-${String(n).padStart(2, '0')}-${name}`;

          await page.goto(workflowPath(lang, 'enteringEssence'));
          await expectStep(page, lang, 'enteringEssence', workflow.steps.enteringEssence);
          await expect(page.getByRole('button', { name: form.submit })).toBeVisible();
          await shoot(page, testInfo, step(1, 'form-empty'));

          await page.getByRole('button', { name: form.submit }).click();
          await expect(page.locator('.error-summary')).toBeFocused();
          // the lender choice far below comes with the first move on the form: the click has just made it
          await expect(page.getByRole('group', { name: lenders.label })).toBeVisible();
          await shoot(page, testInfo, step(2, 'form-errors'));

          await fillApplication(page, lang);
          await shoot(page, testInfo, step(3, 'form-filled'));
          await submitApplication(page, lang);
          await expectStep(page, lang, 'choosingIdConfirmationMethodNoError', workflow.steps.choosingMethod);
          await shoot(page, testInfo, step(4, 'method'));

          await page.getByRole('button', { name: workflow.method.moreBanks }).click();
          await shoot(page, testInfo, step(5, 'method-more-banks'));

          await page.getByRole('button', { name: /Smart-ID/ }).click();
          await expectStep(page, lang, 'confirmingIdentity', workflow.confirming.title);
          const code = await verificationCode(page);
          await shoot(page, testInfo, step(6, 'smart-id-code'));

          await answerSmartId(page, code, 'USER_REFUSED');
          await expectStep(page, lang, 'choosingIdConfirmationMethodWithError', workflow.steps.choosingMethod);
          await expect(page.getByRole('alert')).toBeVisible();
          await shoot(page, testInfo, step(7, 'identification-failed'));

          await page.getByRole('button', { name: /Daugavas Banka/ }).click();
          await answerAtBank(page, 'approve');
          await expectStep(page, lang, 'waiting', workflow.steps.waiting);
          await shoot(page, testInfo, step(8, 'waiting'));

          await moveLenderClockUntil(page.request, () =>
            expectStep(page, lang, 'offers', workflow.steps.offers, 1_000),
          );
          // cards on a phone, a table on a laptop: the best offer's button comes first either way
          const choose = page.getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) }).first();
          await expect(choose).toBeVisible();
          await shoot(page, testInfo, step(9, 'offers'));

          await choose.click();
          await expectStep(page, lang, 'offerChosen', workflow.steps.offerChosen);
          await shoot(page, testInfo, step(10, 'offer-chosen'));

          await page.getByRole('button', { name: new RegExp(`^${workflow.chosen.signUnknown}`) }).click();
          await page.getByRole('checkbox').check();
          await page.locator('form button[type="submit"]').click();
          await expectStep(page, lang, 'signing', workflow.signing.signedTitle);
          await shoot(page, testInfo, step(11, 'signing'));

          await moveLenderClockUntil(page.request, () =>
            expect(page.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.paid, { timeout: 1_000 }),
          );
          await shoot(page, testInfo, step(12, 'paid'));
        });

        test('no offers, then the error screen when the service cannot be reached', async ({ page }, testInfo) => {
          await rejectCookies(page);
          await page.goto(workflowPath(lang, 'enteringEssence'));
          await applyUntilNoOffers(page, lang);
          await shoot(page, testInfo, `${prefix}-wizard-13-no-offers`);

          await page.route('**/api/getApplicationStatus**', (route) => route.abort('connectionrefused'));
          await page.reload();
          await expectStep(page, lang, 'error', workflow.steps.error);
          await shoot(page, testInfo, `${prefix}-wizard-14-error`);
        });
      });
    });
  }
}
