import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { lendersToAsk } from '../../domain/lenders.ts';
import type {
  ApplicationState,
  IdentificationReturn,
  IdentificationFailure,
  StartIdentificationAnswer,
  StartIdentificationBody,
} from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import type { Broker } from '../broker.ts';
import { Refusal } from './refusal.ts';
import { bankAuthorizeUrl } from '../identity/bank-link.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { smartIdFailure } from '../identity/smart-id-client.ts';
import { QUEUES } from '../jobs/queues.ts';
import { openApplicant } from './applicant-record.ts';
import { applicationIdForToken } from './lookup.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from './status.ts';
import { announceStatusChange, statusChanged } from './status-hub.ts';
import { enqueueLenderRequests } from './lender-dispatch.ts';

/** States from which a person may (again) choose how to identify: also while waiting on another method. */
const IDENTIFIABLE: readonly ApplicationState[] = ['draft', 'identifying', 'identificationFailed'];

const SMART_ID_DISPLAY_TEXT: Record<Language, string> = {
  lv: 'Kreditkompass: identifikācija kredīta pieteikumam',
  ru: 'Kreditkompass: идентификация для заявки на кредит',
};

export const hashReturnState = (state: string): string => createHash('sha256').update(state).digest('base64url');

export async function startIdentification(
  broker: Broker,
  body: StartIdentificationBody,
): Promise<StartIdentificationAnswer> {
  const applicationId = await applicationIdForToken(broker, body.token);
  if (body.method === 'bank' && !INSTITUTIONS.some((institution) => institution.id === body.institutionId)) {
    throw new Refusal('unknownInstitution');
  }
  const identificationId = randomUUID();
  const returnState = randomBytes(32).toString('base64url');
  const application = await broker.db.transaction(async (tx) => {
    const [row] = (
      await tx.query<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = $1 FOR UPDATE`, [
        applicationId,
      ])
    ).rows;
    if (!row || !IDENTIFIABLE.includes(row.state)) throw new Refusal('wrongState');
    await tx.query(
      `UPDATE identifications SET state = 'abandoned', finished_at = now() WHERE application_id = $1 AND state = 'pending'`,
      [applicationId],
    );
    await tx.query(
      `INSERT INTO identifications (id, application_id, method, institution_id, state, return_state_hash, return_to)
       VALUES ($1, $2, $3, $4, 'pending', $5, $6)`,
      [
        identificationId,
        applicationId,
        body.method,
        body.method === 'bank' ? body.institutionId : null,
        body.method === 'smartId' ? null : hashReturnState(returnState),
        body.method === 'smartId' ? 'wizard' : (body.returnTo ?? 'wizard'),
      ],
    );
    await tx.query(`UPDATE applications SET state = 'identifying', updated_at = now() WHERE id = $1`, [applicationId]);
    await announceStatusChange(tx, applicationId);
    return row;
  });
  broker.hub.forget(applicationId);

  switch (body.method) {
    case 'bank':
      return {
        method: 'bank',
        redirectUrl: bankAuthorizeUrl({
          bankBaseUrl: broker.config.bankLinkBaseUrl,
          institutionId: body.institutionId,
          state: returnState,
          returnUrl: `${broker.config.publicBaseUrl}/api/identification/bank/${body.institutionId}/return`,
          language: body.language,
        }),
      };
    case 'eSignature':
      return {
        method: 'eSignature',
        redirectUrl: broker.eParaksts.authorizeUrl({ state: returnState, language: body.language }),
      };
    case 'smartId':
      return startSmartId(broker, identificationId, application, body.language);
  }
}

async function startSmartId(
  broker: Broker,
  identificationId: string,
  application: ApplicationRow,
  language: Language,
): Promise<StartIdentificationAnswer> {
  const applicant = openApplicant(broker.cipher, application);
  if (!applicant) throw new Refusal('wrongState');
  let started: Awaited<ReturnType<Broker['smartId']['startAuthentication']>>;
  try {
    started = await broker.smartId.startAuthentication(applicant.personalId, SMART_ID_DISPLAY_TEXT[language]);
  } catch (error) {
    // the reason only: the request's address holds the personal code, so neither it nor the cause's text is logged
    const cause = (error as { cause?: { name?: unknown; code?: unknown } }).cause;
    broker.log.warn(
      { err: { message: (error as Error).message, cause: cause?.name, code: cause?.code } },
      'Smart-ID start failed',
    );
    await finishIdentification(broker, identificationId, { kind: 'failed', failure: 'providerError' });
    throw new Refusal('providerUnavailable');
  }
  if (started.kind === 'failed') {
    await finishIdentification(broker, identificationId, {
      kind: 'failed',
      failure: smartIdFailure(started.endResult),
    });
    throw new Refusal('identificationFailed');
  }
  // the hash goes with the session: whichever process follows it verifies the signature over it
  await broker.db.query(
    'UPDATE identifications SET provider_session_id = $2, verification_code = $3, provider_challenge = $4 WHERE id = $1',
    [identificationId, started.sessionId, started.verificationCode, started.hash],
  );
  await statusChanged(broker, application.id);
  await broker.boss.send(QUEUES.smartIdPoll, { identificationId }, { singletonKey: identificationId });
  return { method: 'smartId', verificationCode: started.verificationCode };
}

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
    if (identification.state !== 'pending') {
      return {
        succeeded: identification.state === 'succeeded',
        language: application.language,
        returnTo: identification.return_to,
        applicationId: application.id,
        created: [],
      };
    }

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
      return {
        succeeded: false,
        language: application.language,
        returnTo: identification.return_to,
        applicationId: application.id,
        created: [],
      };
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
    return {
      succeeded: true,
      language: application.language,
      returnTo: identification.return_to,
      applicationId: application.id,
      created,
    };
  });
  if (!result) return null;
  broker.hub.forget(result.applicationId);
  // after the commit; a crash right here leaves queued rows that the sweep queues again
  if (result.created.length > 0) await enqueueLenderRequests(broker, [result.applicationId]);
  return { succeeded: result.succeeded, language: result.language, returnTo: result.returnTo };
}

/** The identification a bank or eParaksts return belongs to, by the `state` it carries. */
export async function identificationByReturnState(
  broker: Broker,
  method: 'bank' | 'eSignature',
  returnState: string,
): Promise<{ id: string; institution_id: string | null } | null> {
  const [row] = (
    await broker.db.query<{ id: string; institution_id: string | null }>(
      'SELECT id, institution_id FROM identifications WHERE return_state_hash = $1 AND method = $2',
      [hashReturnState(returnState), method],
    )
  ).rows;
  return row ?? null;
}
