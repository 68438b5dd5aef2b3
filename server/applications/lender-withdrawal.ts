import type { Job, PgBoss } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { PARTNER_MESSAGE_QUEUE_OPTIONS } from '../jobs/queues.ts';
import { isLenderRejectedError, withdrawApplication } from '../lenders/lender-client.ts';

/**
 * Telling a lender an application is withdrawn. The job carries no personal data, only the lender's
 * own reference, so it outlives the application's deletion; it is retried while the lender is down.
 */
export const WITHDRAWAL_QUEUE = 'lender-withdraw';

export interface LenderWithdrawalJob {
  readonly lenderId: string;
  readonly lenderReference: string;
  readonly requestId: string;
  readonly reason: 'erasure' | 'withdrawn';
}

export async function createWithdrawalQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(WITHDRAWAL_QUEUE, PARTNER_MESSAGE_QUEUE_OPTIONS);
}

export async function sendWithdrawal(broker: Broker, job: Job<LenderWithdrawalJob>): Promise<void> {
  const { lenderId, lenderReference, requestId, reason } = job.data;
  const lender = broker.lenders.get(lenderId);
  if (!lender) return;
  try {
    await withdrawApplication(lender, lenderReference, { requestId, reason });
  } catch (error) {
    // a refusal will not change on a retry: the lender answered, there is nothing more to send
    if (isLenderRejectedError(error)) {
      broker.log.warn({ lenderId, status: error.status }, 'lender refused a withdrawal');
      return;
    }
    throw error;
  }
}
