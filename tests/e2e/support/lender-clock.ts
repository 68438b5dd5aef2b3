import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Language } from '../../../domain/language.ts';
import { answerAtBank, expectStep, fillApplication, PACED, submitApplication, WORDS } from './applicant.ts';

/**
 * The paced server's lenders decide and pay out on a clock that moves only when a test moves it
 * (SANDBOX_LENDER_CLOCK=manual, POST /sandbox/lenders/clock): a test moves it where a person would wait.
 */

/** Moves the paced lenders' clock `advanceMs` on. */
export async function moveLenderClock(request: APIRequestContext, advanceMs: number): Promise<void> {
  const response = await request.post(`${PACED}/sandbox/lenders/clock`, { data: { advanceMs } });
  expect(response.status(), 'the paced server runs its lenders on a manual clock').toBe(200);
}

/** The latest a paced lender decides (SANDBOX_LENDER_DELAY_MS 1500-7000) and pays out (SANDBOX_LENDER_PAYOUT_MS). */
export const LONGEST_WAIT_MS = 7000;

/**
 * Moves the clock `stepMs` at a time until `reached` passes. An application reaches its lenders a moment after
 * the waiting screen shows, so the clock is moved again until what waited on it has happened. `reached` should
 * look briefly (a timeout of a second or so): the clock moves on between its tries.
 */
export async function moveLenderClockUntil(
  request: APIRequestContext,
  reached: () => Promise<void>,
  { stepMs = LONGEST_WAIT_MS, timeout = 30_000 }: { stepMs?: number; timeout?: number } = {},
): Promise<void> {
  await expect(async () => {
    await moveLenderClock(request, stepMs);
    await reached();
  }).toPass({ intervals: [100, 250, 500], timeout });
}

/**
 * From the open form to the "no offers" step on the paced server: an income no lender takes, identified at the
 * bank, the lenders' answers brought on by the clock.
 */
export async function applyUntilNoOffers(page: Page, lang: Language): Promise<void> {
  await fillApplication(page, lang, { monthlyIncome: '1' });
  await submitApplication(page, lang);
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve');
  await moveLenderClockUntil(page.request, () =>
    expectStep(page, lang, 'noOffers', WORDS[lang].workflow.steps.noOffers, 1_000),
  );
}
