import { randomUUID } from 'node:crypto';
import type { Job } from 'pg-boss';
import type { ReviewRequestBody, ReviewStatus } from '../../domain/api.ts';
import type { Broker } from '../broker.ts';
import { QUEUES, type LenderReviewJob } from '../jobs/queues.ts';
import { isLenderRejectedError, requestLenderReview } from '../lenders/lender-client.ts';
import { applicationIdForToken } from './lookup.ts';
import { Refusal } from './refusal.ts';
import { statusChanged } from './status-hub.ts';
import { reviewStatusOf, type ReviewRequestRow } from './status.ts';
import { withTraceContext } from '../ops/tracing/job-spans.ts';

/**
 * The right to human intervention (Directive 2023/2225): a person a lender declined asks that lender for a human
 * review and an explanation. One request per lender of an application; asking again answers the same request.
 * The request goes to the lender over the signed partner protocol by the `lender-review` queue; the lender
 * answers by callback (partner-callbacks.ts), and the status shows the request and its outcome.
 */
export async function requestReview(broker: Broker, body: ReviewRequestBody): Promise<ReviewStatus> {
  const applicationId = await applicationIdForToken(broker, body.token);
  const reviewId = randomUUID();
  const message = body.message?.trim() ? body.message.trim() : null;
  const sealed = message ? broker.cipher.encrypt(message, `${reviewId}:review`) : null;
  const row = await broker.db.transaction(async (tx) => {
    const [request] = (
      await tx.query<{ state: string }>(
        'SELECT state FROM lender_requests WHERE application_id = $1 AND lender_id = $2 FOR UPDATE',
        [applicationId, body.lenderId],
      )
    ).rows;
    const [existing] = (
      await tx.query<ReviewRequestRow>(
        `SELECT id, lender_id, state, explanation, created_at, answered_at FROM review_requests
         WHERE application_id = $1 AND lender_id = $2`,
        [applicationId, body.lenderId],
      )
    ).rows;
    if (existing) return { row: existing, created: false };
    if (!request) throw new Refusal('unknownLenderRequest');
    if (request.state !== 'declined') throw new Refusal('wrongState');
    const [inserted] = (
      await tx.query<ReviewRequestRow>(
        `INSERT INTO review_requests (id, application_id, lender_id, language, message_ciphertext, state)
         VALUES ($1, $2, $3, $4, $5, 'queued')
         RETURNING id, lender_id, state, explanation, created_at, answered_at`,
        [reviewId, applicationId, body.lenderId, body.language, sealed ? `${sealed.keyId}.${sealed.ciphertext}` : null],
      )
    ).rows;
    if (!inserted) throw new Error('review request not stored');
    return { row: inserted, created: true };
  });
  if (row.created) {
    await broker.boss.send(QUEUES.lenderReview, withTraceContext({ reviewId } satisfies LenderReviewJob), {
      singletonKey: reviewId,
    });
    await statusChanged(broker, applicationId);
  }
  return reviewStatusOf(row.row);
}

/** Sends one review request to its lender; retried while the lender is down. */
export async function sendReviewRequest(broker: Broker, job: Job<LenderReviewJob>): Promise<void> {
  const { reviewId } = job.data;
  const [review] = (
    await broker.db.query<{
      lender_id: string;
      language: 'lv' | 'ru';
      message_ciphertext: string | null;
      lender_reference: string | null;
    }>(
      `SELECT r.lender_id, r.language, r.message_ciphertext, q.lender_reference
       FROM review_requests r
       JOIN lender_requests q ON q.application_id = r.application_id AND q.lender_id = r.lender_id
       WHERE r.id = $1 AND r.state = 'queued'`,
      [reviewId],
    )
  ).rows;
  if (!review) return; // sent already, answered, or the application was erased
  const lender = broker.lenders.get(review.lender_id);
  if (!lender || !review.lender_reference) return;
  const message = review.message_ciphertext ? openMessage(broker, reviewId, review.message_ciphertext) : undefined;
  try {
    await requestLenderReview(lender, review.lender_reference, {
      requestId: reviewId,
      language: review.language,
      ...(message ? { message } : {}),
    });
  } catch (error) {
    if (isLenderRejectedError(error)) {
      broker.log.warn({ lenderId: lender.id, status: error.status }, 'lender refused a review request');
      await broker.db.query(`UPDATE review_requests SET state = 'failed' WHERE id = $1`, [reviewId]);
      return;
    }
    throw error;
  }
  await broker.db.query(
    `UPDATE review_requests SET state = 'sent', sent_at = now(), attempts = attempts + 1
     WHERE id = $1 AND state = 'queued'`,
    [reviewId],
  );
}

function openMessage(broker: Broker, reviewId: string, sealed: string): string {
  const separator = sealed.indexOf('.');
  return broker.cipher.decrypt(sealed.slice(0, separator), sealed.slice(separator + 1), `${reviewId}:review`);
}
