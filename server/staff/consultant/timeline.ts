import type { TimelineEvent, TimelineKind } from '../../../domain/staff-consultant-api.ts';
import type { Sql } from '../../db/database.ts';
import type { LenderEndpoint } from '../../lenders/registry.ts';
import { declineReasonOf } from '../../applications/status.ts';

/**
 * Everything that happened to an application, read from the tables that record it: one statement, oldest first.
 * What each row says is a kind, a lender, and a detail that is a code (a reason, a method, a message's kind), never
 * a message's content or anything the person wrote.
 */

interface TimelineRow {
  readonly at: Date;
  readonly kind: TimelineKind;
  readonly lender_id: string | null;
  readonly detail: string | null;
  readonly channel: 'email' | 'sms' | null;
}

// each part names its columns in the same order: at, kind, lender_id, detail, channel
const TIMELINE_SQL = `
  SELECT created_at AS at, 'submitted' AS kind, NULL::text AS lender_id, NULL::text AS detail, NULL::text AS channel
    FROM applications WHERE id = $1
  UNION ALL
  SELECT COALESCE(chosen_at, updated_at), 'offerChosen', NULL, NULL, NULL FROM applications
    WHERE id = $1 AND (chosen_at IS NOT NULL OR state = 'offerChosen')
  UNION ALL
  SELECT signed_at, 'signed', NULL, NULL, NULL FROM applications WHERE id = $1 AND signed_at IS NOT NULL
  UNION ALL
  SELECT paid_at, 'paid', NULL, NULL, NULL FROM applications WHERE id = $1 AND paid_at IS NOT NULL
  UNION ALL
  SELECT updated_at, 'expired', NULL, NULL, NULL FROM applications WHERE id = $1 AND state = 'expired'
  UNION ALL
  SELECT created_at, 'identificationStarted', NULL, method, NULL FROM identifications WHERE application_id = $1
  UNION ALL
  SELECT finished_at, CASE WHEN state = 'succeeded' THEN 'identified' ELSE 'identificationFailed' END, NULL,
         CASE WHEN state = 'succeeded' THEN method ELSE failure END, NULL
    FROM identifications WHERE application_id = $1 AND finished_at IS NOT NULL AND state IN ('succeeded', 'failed')
  UNION ALL
  SELECT sent_at, 'sentToLender', lender_id, NULL, NULL FROM lender_requests
    WHERE application_id = $1 AND sent_at IS NOT NULL
  UNION ALL
  SELECT COALESCE(answered_at, sent_at, created_at),
         CASE state WHEN 'offer' THEN 'offerReceived' WHEN 'declined' THEN 'declined' ELSE 'lenderNoAnswer' END,
         lender_id, CASE WHEN state = 'declined' THEN failure END, NULL
    FROM lender_requests WHERE application_id = $1 AND state IN ('offer', 'declined', 'failed', 'timeout')
  UNION ALL
  SELECT created_at, 'documentsRequested', lender_id, NULL, NULL FROM document_requests WHERE application_id = $1
  UNION ALL
  SELECT answered_at, 'documentsAnswered', lender_id, NULL, NULL FROM document_requests
    WHERE application_id = $1 AND answered_at IS NOT NULL
  UNION ALL
  SELECT due_at, 'documentsExpired', lender_id, NULL, NULL FROM document_requests
    WHERE application_id = $1 AND state = 'expired'
  UNION ALL
  SELECT f.created_at, 'documentUploaded', r.lender_id, f.origin, NULL
    FROM document_files f JOIN document_items i ON i.id = f.item_id JOIN document_requests r ON r.id = i.request_id
    WHERE f.application_id = $1
  UNION ALL
  SELECT created_at, 'reviewRequested', lender_id, NULL, NULL FROM review_requests WHERE application_id = $1
  UNION ALL
  SELECT answered_at, 'reviewAnswered', lender_id, state, NULL FROM review_requests
    WHERE application_id = $1 AND answered_at IS NOT NULL AND state IN ('upheld', 'offer')
  UNION ALL
  SELECT sent_at, 'noticeSent', NULL, kind, channel FROM notices
    WHERE application_id = $1 AND state = 'sent' AND sent_at IS NOT NULL
  UNION ALL
  SELECT l.finished_at, 'login', NULL, l.method, NULL
    FROM login_attempts l JOIN applications a ON a.person_key = l.person_key
    WHERE a.id = $1 AND l.state = 'succeeded' AND l.finished_at >= a.created_at
  UNION ALL
  SELECT created_at, 'callRequested', NULL, to_char(slot_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), NULL
    FROM call_requests WHERE application_id = $1
  UNION ALL
  SELECT COALESCE(handled_at, updated_at),
         CASE state WHEN 'cancelled' THEN 'callCancelled' WHEN 'called' THEN 'callCalled' ELSE 'callNotReached' END,
         NULL, NULL, NULL
    FROM call_requests WHERE application_id = $1 AND state IN ('cancelled', 'called', 'notReached')`;

/** The application's timeline, newest last; a lender is named as the configuration names it. */
export async function timelineOf(
  db: Sql,
  lenders: ReadonlyMap<string, LenderEndpoint>,
  applicationId: string,
): Promise<TimelineEvent[]> {
  const { rows } = await db.query<TimelineRow>(
    `SELECT at, kind, lender_id, detail, channel FROM (${TIMELINE_SQL}) events ORDER BY at, kind`,
    [applicationId],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    lenderName: row.lender_id ? (lenders.get(row.lender_id)?.name ?? row.lender_id) : null,
    detail: row.kind === 'declined' ? declineReasonOf(row.detail) : row.detail,
    channel: row.channel,
  }));
}
