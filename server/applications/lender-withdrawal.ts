import type { Job } from 'pg-boss';
import type { Broker } from '../broker.ts';
import type { LenderWithdrawalJob } from '../jobs/queues.ts';
import { isLenderRejectedError, withdrawApplication } from '../lenders/lender-client.ts';

/**
 * Telling a lender an application is withdrawn. The job carries no personal data, only the lender's
 * own reference, so it outlives the application's deletion; it is retried while the lender is down.
 */
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
