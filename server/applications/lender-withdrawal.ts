import type { Job, PgBoss } from 'pg-boss';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { QUEUES } from '../jobs/queues.ts';
import { isLenderRejectedError, withdrawApplication } from '../lenders/lender-client.ts';
import type { WithdrawalReason } from '../lenders/messages.ts';

/**
 * Telling a lender that an application it got is withdrawn (the person erased their data, or withdrew it).
 * The job holds the lender's own reference and no personal data, so it outlives the application's deletion;
 * it is retried with backoff while the lender is unreachable, and always with the same requestId, which is
 * the message's idempotency key.
 */
export const WITHDRAWAL_QUEUE = QUEUES.lenderWithdraw;

export interface LenderWithdrawalJob {
  readonly lenderId: string;
  readonly lenderReference: string;
  readonly requestId: string;
  readonly reason: WithdrawalReason;
}

/**
 * Queues withdrawals inside the caller's transaction (`tx`): they exist if and only if it commits, so the
 * deletion that made them cannot happen without them, nor they without it.
 */
export async function enqueueWithdrawals(
  boss: PgBoss,
  tx: Sql,
  withdrawals: readonly LenderWithdrawalJob[],
): Promise<void> {
  if (withdrawals.length === 0) return;
  await boss.insert(
    WITHDRAWAL_QUEUE,
    withdrawals.map((data) => ({ data: { ...data } })),
    { db: { executeSql: (text, values) => tx.query(text, values) } },
  );
}

/**
 * pg-boss looks a queue up on its own connection the first time it is used. On PGlite's single connection
 * that lookup would wait for the open transaction, which waits for it: call this before the transaction
 * that calls `enqueueWithdrawals`, so the queue is known by then.
 */
export async function prepareWithdrawalQueue(boss: PgBoss): Promise<void> {
  await boss.findJobs(WITHDRAWAL_QUEUE, { id: '00000000-0000-0000-0000-000000000000' });
}

/** The job's handler: one withdrawal to one lender. */
export async function sendWithdrawal(broker: Broker, job: Job<LenderWithdrawalJob>): Promise<void> {
  const { lenderId, lenderReference, requestId, reason } = job.data;
  const lender = broker.lenders.get(lenderId);
  if (!lender) {
    // the lender left the configuration: there is no one to tell
    broker.log.warn({ lenderId }, 'withdrawal for a lender no longer configured: dropped');
    return;
  }
  try {
    await withdrawApplication(lender, { lenderReference, requestId, reason });
  } catch (error) {
    // a refusal (4xx) will not change on a retry: the lender has answered
    if (isLenderRejectedError(error)) {
      broker.log.warn({ lenderId, status: error.status }, 'lender refused a withdrawal');
      return;
    }
    broker.log.info({ lenderId, error: error instanceof Error ? error.name : 'error' }, 'withdrawal to retry');
    throw error; // pg-boss retries with backoff
  }
}
