import type { ApplicationState } from '../../domain/api.ts';
import type { Sql } from '../db/database.ts';
import { announceStatusChange } from './status-hub.ts';

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
 * Later states (chosen, signed, paid, expired) are never moved back.
 */
export async function refreshLenderProgress(tx: Sql, applicationId: string): Promise<ApplicationState | null> {
  const [application] = (
    await tx.query<{ state: ApplicationState }>('SELECT state FROM applications WHERE id = $1 FOR UPDATE', [
      applicationId,
    ])
  ).rows;
  if (!application) return null;
  if (!['processing', 'offers', 'noOffers'].includes(application.state)) {
    await announceStatusChange(tx, applicationId);
    return application.state;
  }
  const [counts] = (
    await tx.query<{ offers: number; pending: number }>(
      `SELECT (SELECT count(*)::int FROM offers WHERE application_id = $1) AS offers,
              (SELECT count(*)::int FROM lender_requests
                WHERE application_id = $1 AND state IN ('queued', 'sending', 'sent')) AS pending`,
      [applicationId],
    )
  ).rows;
  const next: ApplicationState =
    (counts?.offers ?? 0) > 0 ? 'offers' : (counts?.pending ?? 0) > 0 ? 'processing' : 'noOffers';
  await tx.query('UPDATE applications SET state = $2, updated_at = now() WHERE id = $1', [applicationId, next]);
  await announceStatusChange(tx, applicationId);
  return next;
}
