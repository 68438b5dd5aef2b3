import { randomUUID } from 'node:crypto';
import type { AccountErasure, ErasureNotice } from '../../domain/account-api.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { QUEUES, type LenderWithdrawalJob } from '../jobs/queues.ts';
import { withTraceContext } from '../ops/tracing/job-spans.ts';

/**
 * The record of an erasure's word to the lenders (GDPR Art. 17(2) and 19). Art. 19 asks us to tell each recipient
 * and, on the person's request, to say which recipients those were; to answer that after the person's data is gone
 * we keep, per erasure, the person's keyed hash (found again at the next login, meaningless without the personal
 * code and our lookup key) and per lender its id, the time sent and its answer. The lender's own reference is kept
 * only while the word still has to reach it, and the whole record goes a year after the erasure: time for the person
 * to ask (and to complain to the supervisory authority, which asks us the same), and no longer.
 */

export const ERASURE_RECORD_DAYS = 365;

/**
 * Completed withdrawal jobs carry the lender's reference too: pg-boss keeps a finished job a week by default, and
 * this record already holds what is needed, so the job row goes a day after it ends.
 */
const FINISHED_JOB_KEPT_SECONDS = 86_400;

/** A lender's reference told of an erasure; `id` is also the withdrawal's requestId and the job's id. */
export interface PlannedNotice {
  readonly id: string;
  readonly lenderId: string;
  readonly lenderReference: string;
}

/** Inside the erasure's transaction: the erasure and one row per lender reference to tell, before the jobs go. */
export async function recordErasure(
  tx: Sql,
  personKey: string,
  told: readonly { lenderId: string; lenderReference: string }[],
): Promise<PlannedNotice[]> {
  if (told.length === 0) return [];
  const erasureId = randomUUID();
  await tx.query('INSERT INTO erasures (id, person_key) VALUES ($1, $2)', [erasureId, personKey]);
  const notices = told.map((request) => ({ id: randomUUID(), ...request }));
  await tx.query(
    `INSERT INTO erasure_notices (id, erasure_id, lender_id, lender_reference)
     SELECT id, $1, lender_id, lender_reference
     FROM unnest($2::uuid[], $3::text[], $4::text[]) AS n (id, lender_id, lender_reference)`,
    [
      erasureId,
      notices.map((notice) => notice.id),
      notices.map((notice) => notice.lenderId),
      notices.map((notice) => notice.lenderReference),
    ],
  );
  return notices;
}

/** Queues one notice's withdrawal; the job's id is the notice's, so queuing it again changes nothing. */
export async function queueErasureNotice(broker: Broker, notice: PlannedNotice): Promise<void> {
  const job: LenderWithdrawalJob = {
    lenderId: notice.lenderId,
    lenderReference: notice.lenderReference,
    requestId: notice.id,
    reason: 'erasure',
  };
  await broker.boss.send(QUEUES.lenderWithdrawal, withTraceContext(job), {
    id: notice.id,
    deleteAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
  });
}

/**
 * Notices whose job never ran: a crash between the erasure's commit and its jobs' queuing. The sweep queues them
 * again after a few minutes (a job already queued keeps its id, so nothing is sent twice).
 */
export async function requeueUnsentErasureNotices(broker: Broker): Promise<number> {
  const { rows } = await broker.db.query<{ id: string; lender_id: string; lender_reference: string }>(
    `SELECT n.id, n.lender_id, n.lender_reference FROM erasure_notices n JOIN erasures e ON e.id = n.erasure_id
     WHERE n.sent_at IS NULL AND n.answer_status IS NULL AND n.gave_up_at IS NULL AND n.lender_reference IS NOT NULL
       AND e.requested_at < now() - interval '5 minutes'
     LIMIT 500`,
  );
  for (const row of rows) {
    await queueErasureNotice(broker, { id: row.id, lenderId: row.lender_id, lenderReference: row.lender_reference });
  }
  return rows.length;
}

/** An attempt to reach the lender begins: the first one is when the notice was sent. */
export async function erasureNoticeAttempted(sql: Sql, noticeId: string): Promise<void> {
  await sql.query(
    'UPDATE erasure_notices SET sent_at = COALESCE(sent_at, now()), attempts = attempts + 1 WHERE id = $1',
    [noticeId],
  );
}

/**
 * The lender answered (its HTTP status). Once it has acknowledged, its reference is no longer needed; a refusal
 * keeps it, as the operator takes the refusal up with the lender by it.
 */
export async function erasureNoticeAnswered(sql: Sql, noticeId: string, status: number): Promise<void> {
  await sql.query(
    `UPDATE erasure_notices SET acknowledged_at = now(), answer_status = $2::int, gave_up_at = NULL,
       lender_reference = CASE WHEN $2::int BETWEEN 200 AND 299 OR $2::int = 404 THEN NULL ELSE lender_reference END
     WHERE id = $1 AND answer_status IS NULL`,
    [noticeId, status],
  );
}

/** The retries are spent (or the lender is no longer configured): the operator takes it up from the log. */
export async function erasureNoticeAbandoned(sql: Sql, noticeId: string): Promise<void> {
  await sql.query('UPDATE erasure_notices SET gave_up_at = now() WHERE id = $1 AND answer_status IS NULL', [noticeId]);
}

function outcomeOf(status: number | null, gaveUp: boolean): ErasureNotice['outcome'] {
  // 404: the lender holds nothing under that reference any more, which is what was asked
  if (status !== null) return (status >= 200 && status < 300) || status === 404 ? 'acknowledged' : 'refused';
  return gaveUp ? 'unanswered' : 'pending';
}

/** The person's erasures, newest first, with each lender told: what the account shows after a new login. */
export async function erasuresOf(broker: Broker, personKey: string): Promise<AccountErasure[]> {
  const { rows } = await broker.db.query<{
    erasure_id: string;
    requested_at: Date;
    lender_id: string;
    sent_at: Date | null;
    acknowledged_at: Date | null;
    answer_status: number | null;
    gave_up_at: Date | null;
  }>(
    `SELECT e.id AS erasure_id, e.requested_at, n.lender_id, n.sent_at, n.acknowledged_at, n.answer_status,
       n.gave_up_at
     FROM erasures e JOIN erasure_notices n ON n.erasure_id = e.id
     WHERE e.person_key = $1
     ORDER BY e.requested_at DESC, n.lender_id, n.sent_at`,
    [personKey],
  );
  const erasures = new Map<string, AccountErasure & { lenders: ErasureNotice[] }>();
  for (const row of rows) {
    let erasure = erasures.get(row.erasure_id);
    if (!erasure) {
      erasure = { requestedAt: row.requested_at.toISOString(), lenders: [] };
      erasures.set(row.erasure_id, erasure);
    }
    erasure.lenders.push({
      lenderId: row.lender_id,
      lender: broker.lenders.get(row.lender_id)?.name ?? row.lender_id,
      sentAt: row.sent_at?.toISOString() ?? null,
      answeredAt: row.acknowledged_at?.toISOString() ?? null,
      outcome: outcomeOf(row.answer_status, row.gave_up_at !== null),
    });
  }
  return [...erasures.values()];
}

/** The daily clean-up: an erasure's record ends a year after the erasure (its notices go with it). */
export async function deleteOldErasures(sql: Sql): Promise<void> {
  await sql.query('DELETE FROM erasures WHERE requested_at < now() - make_interval(days => $1)', [ERASURE_RECORD_DAYS]);
}
