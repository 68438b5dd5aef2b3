import { expect, type Page, type Route } from '@playwright/test';
import { WORDS } from '../../tests/e2e/support/applicant.ts';
import { OFFERS } from './journey.ts';

/** Event Timing reports no event shorter than this: an interaction without an entry took at most this long. */
export const DURATION_THRESHOLD_MS = 16;

export type InteractionKind = 'sorting' | 'choosing';

export interface Interaction {
  readonly kind: InteractionKind;
  /** the sort option pressed, or the lender whose offer was chosen */
  readonly target: string;
  /**
   * the longest event of the interaction (pointerdown, pointerup, click share one interactionId): from the input to
   * the next paint after its handlers, as INP counts it; DURATION_THRESHOLD_MS when no event reached the threshold
   */
  readonly durationMs: number;
  /** false when no event reached the threshold (durationMs is then the threshold, an upper bound) */
  readonly reported: boolean;
}

interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
}

declare global {
  interface Window {
    benchEventTimings?: EventEntry[];
  }
}

/** The page's Event Timing observer; entries kept in the page, read after each interaction. */
export async function observeEventTiming(page: Page): Promise<void> {
  await page.evaluate((threshold) => {
    window.benchEventTimings = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        window.benchEventTimings?.push({
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId,
        });
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  }, DURATION_THRESHOLD_MS);
}

/**
 * The interaction `act` makes, measured: the entries the observer gets after the next paints (an entry is reported
 * only once its frame painted; under the slowdown that takes a few frames more).
 */
async function measured(page: Page, kind: InteractionKind, target: string, act: () => Promise<void>) {
  const since = await page.evaluate(() => performance.now());
  await act();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)));
      }),
  );
  const entries = await page.evaluate(
    (start) => (window.benchEventTimings ?? []).filter((entry) => entry.startTime >= start && entry.interactionId > 0),
    since,
  );
  const longest = Math.max(0, ...entries.map((entry) => entry.duration));
  const interaction: Interaction = {
    kind,
    target,
    durationMs: Math.max(longest, DURATION_THRESHOLD_MS),
    reported: entries.length > 0,
  };
  return interaction;
}

const SORT_ORDER = ['monthlyPayment', 'totalPayable', 'apr'] as const;

/** Presses every sort option in turn, `rounds` times: the order the screen opens in (APR) comes last in a round. */
export async function measureSorting(page: Page, rounds: number): Promise<Interaction[]> {
  const words = WORDS.lv.workflow.offers;
  const results: Interaction[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const key of SORT_ORDER) {
      const label = words.sort[key];
      const radio = page.getByRole('radio', { name: label, exact: true });
      results.push(
        await measured(page, 'sorting', key, () =>
          radio.locator('xpath=ancestor::label[1]').click({ timeout: 30_000 }),
        ),
      );
      await expect(radio).toBeChecked();
      await expect(page.getByText(words.order[key])).toBeVisible();
    }
  }
  return results;
}

/**
 * Presses a Choose button `rounds` times, a different offer each time, and measures up to the paint of its answer
 * (the button pending, the others disabled). The choice's request is held, then failed: the screen says the choice
 * failed and stays, where a real answer would leave it for the lender's signing.
 */
export async function measureChoosing(page: Page, rounds: number): Promise<Interaction[]> {
  let held: Route | null = null;
  await page.route('**/api/applications/chooseOffer', (route) => {
    held = route;
  });
  const results: Interaction[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const button = page.locator('.offer-choose').nth((round * 5) % OFFERS);
      const label = (await button.getAttribute('aria-label')) ?? '';
      await button.scrollIntoViewIfNeeded();
      results.push(await measured(page, 'choosing', label, () => button.click({ timeout: 30_000 })));
      await expect.poll(() => held !== null, { timeout: 30_000 }).toBe(true);
      await (held as Route | null)?.abort('failed');
      held = null;
      // the failure's alert (a lost connection's words), and the screen ready for the next choice
      await expect(page.locator('.screen--offers').getByRole('alert')).toBeVisible({ timeout: 30_000 });
      await expect(button).toBeEnabled({ timeout: 30_000 });
    }
  } finally {
    await page.unroute('**/api/applications/chooseOffer');
  }
  return results;
}
