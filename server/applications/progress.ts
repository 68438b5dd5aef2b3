import type { ApplicationState } from '../../domain/api.ts';
import type { Sql } from '../db/database.ts';
import { STATUS_CHANNEL } from './status-hub.ts';

/**
 * Every transaction that changes an application's lender rows or offers locks the application row
 * first. Taking it later, after an offer insert's foreign-key share lock, deadlocks two callbacks.
 */
export async function lockApplication(tx: Sql, applicationId: string): Promise<void> {
  await tx.query('SELECT 1 FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
}

/**
 * After any lender row changes: `processing` while no offer is in and lenders are still out,
 * `offers` once one is, `noOffers` when every lender has declined or gone silent.
 * Later states (chosen, signed, paid, expired) are never moved back. One statement, NOTIFY
 * included: it runs while the application row is locked, and every round trip there made the
 * other lenders' callbacks of the same application wait longer.
 */
export async function refreshLenderProgress(tx: Sql, applicationId: string): Promise<ApplicationState | null> {
  const [application] = (
    await tx.query<{ state: ApplicationState }>(
      `UPDATE applications SET
         state = CASE
           WHEN state NOT IN ('processing', 'offers', 'noOffers') THEN state
           WHEN EXISTS (SELECT 1 FROM offers WHERE application_id = $1) THEN 'offers'
           WHEN EXISTS (SELECT 1 FROM lender_requests
                        WHERE application_id = $1 AND state IN ('queued', 'sending', 'sent')) THEN 'processing'
           ELSE 'noOffers' END,
         updated_at = CASE WHEN state IN ('processing', 'offers', 'noOffers') THEN now() ELSE updated_at END
       WHERE id = $1
       RETURNING state, pg_notify($2, id::text)`,
      [applicationId, STATUS_CHANNEL],
    )
  ).rows;
  return application?.state ?? null;
}
