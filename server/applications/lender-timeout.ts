import { setTimeout as sleep } from 'node:timers/promises';
import type { Broker } from '../broker.ts';
import { expireAllDueDocumentRequests, waitingForDocumentsSql } from './document-requests.ts';
import { afterLenderChanges, lockApplication, refreshLenderProgress } from './lifecycle/transition.ts';
import { lenderRequestEnded } from '../ops/metrics/record.ts';

/** How many overdue requests one statement takes; while it finds this many, the watch looks again at once. */
const EXPIRE_AT_ONCE = 500;

/**
 * How often a process looks for lenders out of time: a quarter of the time they have, from 1 to 30 s, so a
 * request ends at most that much after its time ran out.
 */
export const lenderTimeoutWatchMs = (answerTimeoutSeconds: number): number =>
  Math.min(30_000, Math.max(1000, (answerTimeoutSeconds * 1000) / 4));

/** Ends one lender request without an answer; the application row is locked first, as everywhere. */
export async function settleLenderRequest(
  broker: Broker,
  requestId: string,
  applicationId: string,
  state: 'failed' | 'timeout',
  failure: string,
): Promise<void> {
  const noticeChoices = await broker.db.transaction(async (tx) => {
    const choices = await lockApplication(tx, applicationId);
    const updated = await tx.query<{ lender_id: string }>(
      `UPDATE lender_requests SET state = $2, failure = $3, answered_at = now(), lease_until = NULL
       WHERE id = $1 AND state IN ('queued', 'sending', 'sent') RETURNING lender_id`,
      [requestId, state, failure],
    );
    lenderRequestEnded(broker, updated.rows[0]?.lender_id, requestId, state);
    if (updated.rows.length > 0) await refreshLenderProgress(tx, applicationId, broker);
    return choices;
  });
  // the last lender failing or timing out may be what makes "all answered" true
  await afterLenderChanges(broker, applicationId, noticeChoices);
}

/**
 * Ends every request whose lender has had its time (`lenderAnswerTimeoutSeconds` since the send, or since the
 * person answered the lender's documents request; none while that request waits for the person) without an
 * answer: one statement for all applications, where a delayed job an application (scheduled at every send) was a
 * share of the queue's work. Several processes may look at once: a request ends once.
 */
export async function expireOverdueLenderRequests(broker: Broker): Promise<number> {
  const { rows } = await broker.db.query<{ id: string; application_id: string }>(
    `SELECT r.id, r.application_id FROM lender_requests r
     WHERE r.state = 'sent' AND r.sent_at < now() - make_interval(secs => $1)
       AND NOT ${waitingForDocumentsSql('$1')}
     ORDER BY r.sent_at LIMIT $2`,
    [broker.config.lenderAnswerTimeoutSeconds, EXPIRE_AT_ONCE],
  );
  for (const row of rows) await settleLenderRequest(broker, row.id, row.application_id, 'timeout', 'no answer in time');
  return rows.length;
}

/** This process's watch over lenders out of time, until the process closes. */
export async function watchLenderTimeouts(broker: Broker, signal: AbortSignal): Promise<void> {
  const pause = lenderTimeoutWatchMs(broker.config.lenderAnswerTimeoutSeconds);
  while (!signal.aborted) {
    try {
      // a documents request past its due date ends its lender's wait as well
      await expireAllDueDocumentRequests(broker);
      while ((await expireOverdueLenderRequests(broker)) === EXPIRE_AT_ONCE && !signal.aborted);
    } catch (error) {
      if (signal.aborted) return;
      broker.log.warn({ err: { type: (error as Error).name, message: (error as Error).message } }, 'lender timeouts');
    }
    await sleep(pause, undefined, { signal }).catch(() => undefined);
  }
}
