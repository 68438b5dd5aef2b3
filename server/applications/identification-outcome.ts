import { lendersToAsk } from '../../domain/lenders.ts';
import type { IdentificationFailure, IdentificationReturn } from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import type { Broker } from '../broker.ts';
import { openApplicant } from './applicant-record.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from './status.ts';
import { announceStatusChange, STATUS_CHANNEL } from './status-hub.ts';
import {
  SEND_LEASE_SECONDS,
  sendOrQueueLenderRequests,
  sendsAtOnce,
  type Claim,
  type PreparedSend,
} from './lender-dispatch.ts';
import type { IdentifiedApplication } from './partner-application.ts';

/** `a.id, a.state, …`: the columns of a list, of the table by that alias. */
const qualified = (alias: string, columns: string) =>
  columns
    .split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');

export type IdentificationOutcome =
  | { readonly kind: 'identified'; readonly personalCode: string }
  | { readonly kind: 'failed'; readonly failure: IdentificationFailure };

/**
 * Ends a pending identification once. On success the application goes to `processing` and one
 * lender request per lender is created; the identified code must be the application's own.
 */
export async function finishIdentification(
  broker: Broker,
  identificationId: string,
  outcome: IdentificationOutcome,
): Promise<{ succeeded: boolean; language: Language; returnTo: IdentificationReturn } | null> {
  const result = await broker.db.transaction(async (tx) => {
    // the identification and its application, both locked, in one statement
    const [found] = (
      await tx.query<
        ApplicationRow & {
          identification_state: string;
          method: IdentifiedApplication['method'];
          return_to: IdentificationReturn;
          application_id: string;
        }
      >(
        `SELECT i.state AS identification_state, i.method, i.return_to, i.application_id, ${qualified('a', APPLICATION_COLUMNS)}
         FROM identifications i JOIN applications a ON a.id = i.application_id
         WHERE i.id = $1 FOR UPDATE`,
        [identificationId],
      )
    ).rows;
    if (!found) return null;
    const identification = { state: found.identification_state, return_to: found.return_to };
    const application: ApplicationRow = found;
    /** `created`: the lender requests this ending made, to be queued after the commit */
    const ended = (succeeded: boolean, created: readonly Claim[] = []) => ({
      succeeded,
      language: application.language,
      returnTo: identification.return_to,
      applicationId: application.id,
      created,
      prepared: {
        identified: { application, method: found.method, identifiedAt: new Date() },
        claims: created,
      } satisfies PreparedSend,
    });
    if (identification.state !== 'pending') return ended(identification.state === 'succeeded');

    let failure: IdentificationFailure | null = outcome.kind === 'failed' ? outcome.failure : null;
    if (outcome.kind === 'identified') {
      const applicant = openApplicant(broker.cipher, application);
      if (!applicant || normalizePersonalCode(applicant.personalId) !== normalizePersonalCode(outcome.personalCode)) {
        failure = 'personalCodeMismatch';
      }
    }
    if (failure) {
      await tx.query(`UPDATE identifications SET state = 'failed', failure = $2, finished_at = now() WHERE id = $1`, [
        identificationId,
        failure,
      ]);
      await tx.query(
        `UPDATE applications SET state = 'identificationFailed', updated_at = now() WHERE id = $1 AND state = 'identifying'`,
        [application.id],
      );
      await announceStatusChange(tx, application.id);
      return ended(false);
    }

    // a test application goes to lenders that take test applications, and to no other
    const candidates = [...broker.lenders.values()].filter(
      (lender) => !application.test || lender.takesTestApplications === true,
    );
    const asked = lendersToAsk(candidates, application, application.excluded_lenders);
    // the identification's and the application's new states, one lender request a lender (a statement a lender
    // was a visible share of the database's work) and the status NOTIFY: one statement
    // sent from here at once: the requests are created claimed, leased as a send's claim would lease them
    const here = sendsAtOnce(broker);
    const [stored] = (
      await tx.query<{ created: Claim[] | null }>(
        `WITH identified AS (
           UPDATE identifications SET state = 'succeeded', finished_at = now() WHERE id = $1),
         processing AS (
           UPDATE applications SET state = 'processing', identified_at = now(), updated_at = now() WHERE id = $2),
         inserted AS (
           INSERT INTO lender_requests (id, application_id, lender_id, state, attempts, lease_until)
           SELECT gen_random_uuid(), $2, lender_id, $5::text, $6::int,
             CASE WHEN $6::int > 0 THEN now() + make_interval(secs => $7::int) END
           FROM unnest($3::text[]) AS lender_id
           ON CONFLICT (application_id, lender_id) DO NOTHING RETURNING id, lender_id, attempts)
         SELECT (SELECT json_agg(inserted) FROM inserted) AS created, pg_notify($4, $2::text)`,
        [
          identificationId,
          application.id,
          asked.map((lender) => lender.id),
          STATUS_CHANNEL,
          here ? 'sending' : 'queued',
          here ? 1 : 0,
          SEND_LEASE_SECONDS,
        ],
      )
    ).rows;
    const created = stored?.created ?? [];
    return ended(true, created);
  });
  if (!result) return null;
  broker.hub.forget(result.applicationId);
  // after the commit; a crash right here leaves queued or leased rows that the sweep queues again
  if (result.created.length > 0) await sendOrQueueLenderRequests(broker, result.applicationId, result.prepared);
  return { succeeded: result.succeeded, language: result.language, returnTo: result.returnTo };
}
