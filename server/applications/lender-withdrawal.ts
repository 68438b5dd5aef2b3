import type { Job } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { erasureNoticeAbandoned, erasureNoticeAnswered, erasureNoticeAttempted } from '../account/erasure-notices.ts';
import { PARTNER_MESSAGE_RETRY_LIMIT, type LenderWithdrawalJob } from '../jobs/queues.ts';
import { isLenderRejectedError, withdrawApplication } from '../lenders/lender-client.ts';

/**
 * Telling a lender an application is withdrawn. The job carries no personal data, only the lender's
 * own reference, so it outlives the application's deletion; it is retried while the lender is down.
 * For an erasure each attempt and the lender's answer are recorded: the person may ask who was told (GDPR Art. 19).
 */
export async function sendWithdrawal(broker: Broker, job: Job<LenderWithdrawalJob>): Promise<void> {
  const { lenderId, lenderReference, requestId, reason } = job.data;
  const erasure = reason === 'erasure';
  const lender = broker.lenders.get(lenderId);
  if (!lender) {
    if (erasure) {
      broker.log.error({ lenderId, noticeId: requestId }, 'erasure notice for a lender no longer configured');
      await erasureNoticeAbandoned(broker.db, requestId);
    }
    return;
  }
  if (erasure) await erasureNoticeAttempted(broker.db, requestId);
  let status: number;
  try {
    status = await withdrawApplication(lender, lenderReference, { requestId, reason });
  } catch (error) {
    // a refusal will not change on a retry: the lender answered, there is nothing more to send
    if (isLenderRejectedError(error)) {
      broker.log.warn({ lenderId, status: error.status, reason }, 'lender refused a withdrawal');
      if (erasure) await erasureNoticeAnswered(broker.db, requestId, error.status ?? 400);
      return;
    }
    if (erasure && job.retryCount >= PARTNER_MESSAGE_RETRY_LIMIT) {
      // the retries are spent: the record says so, and the operator takes it up from this line
      broker.log.error({ lenderId, noticeId: requestId }, 'erasure notice never reached the lender');
      await erasureNoticeAbandoned(broker.db, requestId);
    }
    throw error;
  }
  if (erasure) await erasureNoticeAnswered(broker.db, requestId, status);
}
