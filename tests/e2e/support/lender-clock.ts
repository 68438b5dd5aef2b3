import { expect, type APIRequestContext } from '@playwright/test';
import { PACED } from './applicant.ts';

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
