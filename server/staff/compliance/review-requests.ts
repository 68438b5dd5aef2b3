import { REVIEW_ANSWER_WORKING_DAYS, rigaToday, type ReviewRequestRow } from '../../../domain/staff-compliance-api.ts';
import type { Broker } from '../../broker.ts';
import { writeAudit } from '../audit-log.ts';
import { workingDaysAfter } from './deadlines.ts';

/**
 * The lenders' human reviews of a decline (review-request.ts), for compliance to see that lenders answer in time.
 * review_requests records when a request was asked, sent and answered, and its state (queued, sent, failed, upheld,
 * offer); the due date is computed here from the asking. The person's message is never read: it is the lender's.
 */

interface Row {
  id: string;
  application_id: string;
  lender_id: string;
  state: string;
  created_at: Date;
  sent_at: Date | null;
  answered_at: Date | null;
}

const phaseOf = (state: string): ReviewRequestRow['phase'] =>
  state === 'upheld' || state === 'offer'
    ? 'answered'
    : state === 'failed'
      ? 'failed'
      : state === 'queued'
        ? 'queued'
        : 'sent';

export async function listReviewRequests(broker: Broker, staffId: string): Promise<ReviewRequestRow[]> {
  const { rows } = await broker.db.query<Row>(
    `SELECT id, application_id, lender_id, state, created_at, sent_at, answered_at FROM review_requests
     ORDER BY created_at DESC LIMIT 500`,
  );
  await writeAudit(broker.db, { staffId, action: 'reviewRequest.viewed', details: { requests: rows.length } });
  const today = rigaToday();
  return rows.map((row) => {
    const dueOn = workingDaysAfter(rigaToday(row.created_at), REVIEW_ANSWER_WORKING_DAYS);
    const phase = phaseOf(row.state);
    const answeredOn = row.answered_at ? rigaToday(row.answered_at) : null;
    return {
      id: row.id,
      applicationId: row.application_id,
      lenderId: row.lender_id,
      lender: broker.lenders.get(row.lender_id)?.name ?? row.lender_id,
      askedAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
      phase,
      outcome: row.state === 'upheld' || row.state === 'offer' ? row.state : null,
      answeredAt: row.answered_at?.toISOString() ?? null,
      dueOn,
      // a lender that refused the request is not late, it said no: the register shows it as failed
      overdue: phase !== 'failed' && (answeredOn ?? today) > dueOn,
    };
  });
}
