import type { ApplicationState } from '../../domain/api.ts';
import type { NoticeChoices } from '../account/consents.ts';
import type { Sql } from '../db/database.ts';
import { STATUS_CHANNEL } from './status-hub.ts';

/**
 * Every transaction that changes an application's lender rows or offers locks the application row
 * first. Taking it later, after an offer insert's foreign-key share lock, deadlocks two callbacks.
 * Answers with the application's notice choices, which decide whether a change can be worth a message.
 */
export async function lockApplication(tx: Sql, applicationId: string): Promise<NoticeChoices> {
  const [row] = (
    await tx.query<{ notice_choices: NoticeChoices }>(
      'SELECT notice_choices FROM applications WHERE id = $1 FOR UPDATE',
      [applicationId],
    )
  ).rows;
  return row?.notice_choices ?? {};
}

/**
 * The lender-progress rule, as the new `state` of an `UPDATE applications`: `processing` while no offer
 * is in and lenders are still out, `offers` once one is, `noOffers` when every lender has declined or
 * gone silent. Later states (chosen, signed, paid, expired) are never moved back. `anyOffer` and
 * `anyPending` are SQL conditions: whether the application has an offer, and a lender request still out.
 */
export const progressedStateSql = ({ anyOffer, anyPending }: { anyOffer: string; anyPending: string }) =>
  `CASE
     WHEN state NOT IN ('processing', 'offers', 'noOffers') THEN state
     WHEN ${anyOffer} THEN 'offers'
     WHEN ${anyPending} THEN 'processing'
     ELSE 'noOffers' END`;

/** The `updated_at` that goes with progressedStateSql: a later state keeps its time. */
export const PROGRESSED_UPDATED_AT_SQL = `CASE WHEN state IN ('processing', 'offers', 'noOffers') THEN now() ELSE updated_at END`;

/** The lender requests of application $1 that are still out. */
export const PENDING_REQUESTS_SQL = `SELECT 1 FROM lender_requests WHERE application_id = $1 AND state IN ('queued', 'sending', 'sent')`;

/**
 * After any lender row changes: the application's state by progressedStateSql. One statement, NOTIFY
 * included: it runs while the application row is locked, and every round trip there made the
 * other lenders' callbacks of the same application wait longer.
 */
export async function refreshLenderProgress(tx: Sql, applicationId: string): Promise<ApplicationState | null> {
  const [application] = (
    await tx.query<{ state: ApplicationState }>(
      `UPDATE applications SET
         state = ${progressedStateSql({
           anyOffer: 'EXISTS (SELECT 1 FROM offers WHERE application_id = $1)',
           anyPending: `EXISTS (${PENDING_REQUESTS_SQL})`,
         })},
         updated_at = ${PROGRESSED_UPDATED_AT_SQL}
       WHERE id = $1
       RETURNING state, pg_notify($2, id::text)`,
      [applicationId, STATUS_CHANNEL],
    )
  ).rows;
  return application?.state ?? null;
}
