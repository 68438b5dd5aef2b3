import { lendersToAsk } from '../../domain/lenders.ts';
import type { IdentificationFailure, IdentificationReturn } from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import type { Broker } from '../broker.ts';
import { openApplicant } from './applicant-record.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from './status.ts';
import { announceStatusChange } from './status-hub.ts';
import { sendOrQueueLenderRequests } from './lender-dispatch.ts';

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
    const [identification] = (
      await tx.query<{ application_id: string; state: string; return_to: IdentificationReturn }>(
        'SELECT application_id, state, return_to FROM identifications WHERE id = $1 FOR UPDATE',
        [identificationId],
      )
    ).rows;
    if (!identification) return null;
    const [application] = (
      await tx.query<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = $1 FOR UPDATE`, [
        identification.application_id,
      ])
    ).rows;
    if (!application) return null;
    /** `created`: the lender requests this ending made, to be queued after the commit */
    const ended = (succeeded: boolean, created: string[] = []) => ({
      succeeded,
      language: application.language,
      returnTo: identification.return_to,
      applicationId: application.id,
      created,
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

    await tx.query(`UPDATE identifications SET state = 'succeeded', finished_at = now() WHERE id = $1`, [
      identificationId,
    ]);
    await tx.query(
      `UPDATE applications SET state = 'processing', identified_at = now(), updated_at = now() WHERE id = $1`,
      [application.id],
    );
    const created: string[] = [];
    // a test application goes to lenders that take test applications, and to no other
    const candidates = [...broker.lenders.values()].filter(
      (lender) => !application.test || lender.takesTestApplications === true,
    );
    const asked = lendersToAsk(candidates, application, application.excluded_lenders);
    // one statement for all lenders: a statement a lender was a visible share of the database's work
    if (asked.length > 0) {
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO lender_requests (id, application_id, lender_id, state)
         SELECT gen_random_uuid(), $1, lender_id, 'queued' FROM unnest($2::text[]) AS lender_id
         ON CONFLICT (application_id, lender_id) DO NOTHING RETURNING id`,
        [application.id, asked.map((lender) => lender.id)],
      );
      created.push(...inserted.rows.map((row) => row.id));
    }
    await announceStatusChange(tx, application.id);
    return ended(true, created);
  });
  if (!result) return null;
  broker.hub.forget(result.applicationId);
  // after the commit; a crash right here leaves queued rows that the sweep queues again
  if (result.created.length > 0) await sendOrQueueLenderRequests(broker, result.applicationId);
  return { succeeded: result.succeeded, language: result.language, returnTo: result.returnTo };
}
