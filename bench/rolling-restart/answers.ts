import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { LenderSandboxStats } from '../../server/sandbox/lenders/sandbox-state.ts';

export interface Answers {
  /** applications the simulated lenders accepted (one a lender request, repeats not counted) */
  readonly accepted: number;
  /** callbacks the brokers answered with 2xx */
  readonly delivered: number;
  /** callbacks the brokers refused with a 4xx */
  readonly refused: number;
  /** lender requests with their answer recorded */
  readonly recorded: number;
}

async function answers(db: pg.Pool, sandboxUrl: string): Promise<Answers> {
  const stats = Object.values(
    (await (await fetch(`${sandboxUrl}/sandbox/lenders/stats`)).json()) as Record<string, LenderSandboxStats>,
  );
  const sum = (field: 'applications' | 'callbacksDelivered' | 'callbacksRefused') =>
    stats.reduce((total, lender) => total + lender[field], 0);
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM lender_requests WHERE answered_at IS NOT NULL',
  );
  return {
    accepted: sum('applications'),
    delivered: sum('callbacksDelivered'),
    refused: sum('callbacksRefused'),
    recorded: rows[0]?.count ?? 0,
  };
}

/**
 * The lenders' answers once every accepted application has its answer recorded, or once nothing has changed for
 * 35 seconds (a lender's callback that keeps failing waits up to 30 s between attempts), at most two minutes.
 */
export async function answersSettled(db: pg.Pool, sandboxUrl: string): Promise<Answers> {
  let last = await answers(db, sandboxUrl);
  let stableSince = performance.now();
  const deadline = performance.now() + 120_000;
  while (last.recorded < last.accepted && performance.now() < deadline && performance.now() - stableSince < 35_000) {
    await sleep(1000);
    const now = await answers(db, sandboxUrl);
    if (now.recorded !== last.recorded || now.accepted !== last.accepted) stableSince = performance.now();
    last = now;
  }
  return last;
}
