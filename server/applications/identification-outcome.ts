import { lendersAskedFor } from './lender-choice.ts';
import type { IdentificationFailure, IdentificationReturn } from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import type { Broker } from '../broker.ts';
import { openApplicant } from './applicant-record.ts';
import { APPLICATION_COLUMNS_OF_A, type ApplicationRow } from './status.ts';
import { afterTransition, announceSql, noteRefusal, stateUpdateSql } from './lifecycle/transition.ts';
import { countEvent } from '../ops/metrics/record.ts';
import {
  SEND_LEASE_SECONDS,
  sendOrQueueLenderRequests,
  sendsAtOnce,
  type Claim,
  type PreparedSend,
} from './lender-dispatch.ts';
import type { IdentifiedApplication } from './partner-application.ts';

export type IdentificationOutcome =
  | { readonly kind: 'identified'; readonly personalCode: string }
  | { readonly kind: 'failed'; readonly failure: IdentificationFailure };

/** A pending identification and its application, as its end reads them. */
export type FoundIdentification = ApplicationRow & {
  identification_state: string;
  method: IdentifiedApplication['method'];
  return_to: IdentificationReturn;
  application_id: string;
};

const FIND_SQL = `SELECT i.state AS identification_state, i.method, i.return_to, i.application_id,
    ${APPLICATION_COLUMNS_OF_A}
  FROM identifications i JOIN applications a ON a.id = i.application_id
  WHERE i.id = $1`;

/**
 * Ends a pending identification once. On success the application goes to `processing` and one
 * lender request per lender is created; the identified code must be the application's own. The identification
 * ends whatever the application's state; the application moves only where its lifecycle allows (`identified`,
 * `identificationFailed`), and an application that moved on meanwhile (expired) stays as it is and goes to no
 * lender: the person is sent back as after a failure.
 *
 * No transaction and no lock: the identification and its application are read, the outcome decided (the
 * personal code decrypted and compared, the lenders chosen), and one statement stores it only if the
 * identification is still pending, so of two processes ending the same one (or a new start abandoning it
 * meanwhile) exactly one changes anything. Four round trips (begin, a locking read, the change, commit)
 * became two, and no row stays locked while the process decrypts.
 */
export async function finishIdentification(
  broker: Broker,
  identificationId: string,
  outcome: IdentificationOutcome,
  /**
   * The identification and its application as the start stored them, when this process started it: what an
   * application holds besides its state is fixed at its submission, and the state is checked by the change.
   */
  known?: FoundIdentification,
): Promise<{ succeeded: boolean; language: Language; returnTo: IdentificationReturn } | null> {
  const [found] = known ? [known] : (await broker.db.query<FoundIdentification>(FIND_SQL, [identificationId])).rows;
  if (!found) return null;
  const ended = (succeeded: boolean) => ({
    succeeded,
    language: found.language,
    returnTo: found.return_to,
  });
  if (found.identification_state !== 'pending') return ended(found.identification_state === 'succeeded');

  const failure = failureOf(broker, found, outcome);
  return ended(
    failure
      ? await storeFailure(broker, identificationId, found, failure)
      : await storeIdentified(broker, identificationId, found),
  );
}

/** Why the identification failed, or null: an identified code must be the application's own. */
function failureOf(
  broker: Broker,
  application: ApplicationRow,
  outcome: IdentificationOutcome,
): IdentificationFailure | null {
  if (outcome.kind === 'failed') return outcome.failure;
  const applicant = openApplicant(broker.cipher, application);
  if (!applicant || normalizePersonalCode(applicant.personalId) !== normalizePersonalCode(outcome.personalCode)) {
    return 'personalCodeMismatch';
  }
  return null;
}

/** Whoever ended it first decided: whether it succeeded, as it stands now. */
async function succeededElsewhere(broker: Broker, identificationId: string): Promise<boolean> {
  const [now] = (
    await broker.db.query<{ state: string }>('SELECT state FROM identifications WHERE id = $1', [identificationId])
  ).rows;
  return now?.state === 'succeeded';
}

/** Stores a failed identification, and the application's `identificationFailed` where its lifecycle allows. */
async function storeFailure(
  broker: Broker,
  identificationId: string,
  application: ApplicationRow,
  failure: IdentificationFailure,
): Promise<boolean> {
  const [stored] = (
    await broker.db.query<{ moved: boolean; state: ApplicationRow['state'] | null }>(
      `WITH failed AS (
         UPDATE identifications SET state = 'failed', failure = $2, finished_at = now()
         WHERE id = $1 AND state = 'pending' RETURNING application_id),
       application AS (
         ${stateUpdateSql('identificationFailed', {
           where: 'a.id = $3 AND EXISTS (SELECT 1 FROM failed)',
           returning: 'a.id',
         })})
       SELECT ${announceSql('$3')}, EXISTS (SELECT 1 FROM application) AS moved,
         (SELECT state FROM applications WHERE id = $3) AS state
       FROM failed`,
      [identificationId, failure, application.id],
    )
  ).rows;
  if (!stored) return succeededElsewhere(broker, identificationId);
  countEvent(broker, 'identificationFailed', stored.moved);
  if (!stored.moved) noteRefusal(broker, application.id, stored.state ?? undefined, 'identificationFailed');
  afterTransition(broker, application.id);
  return false;
}

/**
 * Stores a successful identification: the application goes to `processing` where its lifecycle allows, with
 * one lender request per lender asked, and the requests are sent or queued. Whether it succeeded.
 */
async function storeIdentified(broker: Broker, identificationId: string, found: FoundIdentification): Promise<boolean> {
  const application: ApplicationRow = found;
  const asked = lendersAskedFor(broker.lenders, application);
  // the identification's and the application's new states, one lender request a lender (a statement a lender
  // was a visible share of the database's work) and the status NOTIFY: one statement
  // sent from here at once: the requests are created claimed, leased as a send's claim would lease them
  const here = sendsAtOnce(broker);
  const [stored] = (
    await broker.db.query<{ created: Claim[] | null; moved: boolean; state: ApplicationRow['state'] | null }>(
      `WITH identified AS (
         UPDATE identifications SET state = 'succeeded', finished_at = now() WHERE id = $1 AND state = 'pending'
         RETURNING application_id),
       processing AS (
         ${stateUpdateSql('identified', {
           where: 'a.id = $2 AND EXISTS (SELECT 1 FROM identified)',
           set: ['identified_at = now()'],
           returning: 'a.id',
         })}),
       inserted AS (
         INSERT INTO lender_requests (id, application_id, lender_id, state, attempts, lease_until)
         SELECT gen_random_uuid(), $2, lender_id, $4::text, $5::int,
           CASE WHEN $5::int > 0 THEN now() + make_interval(secs => $6::int) END
         FROM unnest($3::text[]) AS lender_id
         WHERE EXISTS (SELECT 1 FROM processing)
         ON CONFLICT (application_id, lender_id) DO NOTHING RETURNING id, lender_id, attempts)
       SELECT (SELECT json_agg(inserted) FROM inserted) AS created, EXISTS (SELECT 1 FROM processing) AS moved,
         (SELECT state FROM applications WHERE id = $2) AS state, ${announceSql('$2')}
       FROM identified`,
      [
        identificationId,
        application.id,
        asked.map((lender) => lender.id),
        here ? 'sending' : 'queued',
        here ? 1 : 0,
        SEND_LEASE_SECONDS,
      ],
    )
  ).rows;
  if (!stored) return succeededElsewhere(broker, identificationId);
  afterTransition(broker, application.id);
  countEvent(broker, 'identified', stored.moved);
  if (!stored.moved) {
    noteRefusal(broker, application.id, stored.state ?? undefined, 'identified');
    return false;
  }
  const created = stored.created ?? [];
  // after the commit; a crash right here leaves queued or leased rows that the sweep queues again
  if (created.length > 0) {
    const prepared: PreparedSend = {
      identified: { application, method: found.method, identifiedAt: new Date() },
      claims: created,
    };
    await sendOrQueueLenderRequests(broker, application.id, prepared);
  }
  return true;
}
