import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApplicationState, StartIdentificationAnswer, StartIdentificationBody } from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import { bankIdentificationReturn } from '../../domain/contract/identification.ts';
import type { Broker } from '../broker.ts';
import { Refusal } from './refusal.ts';
import { WIDGET_IDENTIFY_PATH } from '../../domain/widget-protocol/constants.ts';
import { bankAuthorizeUrl } from '../identity/bank-link.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { smartIdFailure } from '../identity/smart-id-client.ts';
import { FOLLOW_LEASE_SECONDS, followSmartIdSession } from './smart-id-session.ts';
import { openApplicant } from './applicant-record.ts';
import { applicationIdForToken } from './lookup.ts';
import { APPLICATION_COLUMNS_OF_A, type ApplicationRow } from './status.ts';
import { STATUS_CHANNEL } from './status-hub.ts';
import { finishIdentification } from './identification-outcome.ts';
import { afterTransition, announceSql, mayStartSql, refused, stateUpdateSql } from './lifecycle/transition.ts';
import { countEvent } from '../ops/metrics/record.ts';

/** A refused start's row: the state it met, and none of the application's columns. */
type NotStarted = { readonly [Column in keyof ApplicationRow]: null };

const SMART_ID_DISPLAY_TEXT: Record<Language, string> = {
  lv: 'Kreditkompass: identifikācija kredīta pieteikumam',
  ru: 'Kreditkompass: идентификация для заявки на кредит',
};

export const hashReturnState = (state: string): string => createHash('sha256').update(state).digest('base64url');

/**
 * `browserHash`: the hash of the starting browser's mark (server/http/browser-binding.ts) that the bank's or
 * eParaksts' return must carry; null for a widget's, whose tab binds itself (bindWidgetIdentification).
 */
export async function startIdentification(
  broker: Broker,
  body: StartIdentificationBody,
  browserHash: string | null,
): Promise<StartIdentificationAnswer> {
  const applicationId = await applicationIdForToken(broker, body.token);
  if (body.method === 'bank' && !INSTITUTIONS.some((institution) => institution.id === body.institutionId)) {
    throw new Refusal('unknownInstitution');
  }
  const identificationId = randomUUID();
  const returnState = randomBytes(32).toString('base64url');
  // the lifecycle's check and the application's lock, an earlier identification still pending abandoned, the
  // new one stored and the change announced: one statement. A start that waited for the lock while another start
  // committed (the locked row's xmin is not the snapshot's) cannot see the identification that one stored, and
  // abandons it with a second statement, so one identification at most is pending. A refused start answers the
  // state it met (`seen_state`) and changes nothing
  const [row] = (
    await broker.db.query<(ApplicationRow | NotStarted) & { current: boolean; seen_state: ApplicationState }>(
      `WITH locked AS (
         SELECT id, xmin::text AS version FROM applications
         WHERE id = $1 AND ${mayStartSql('identificationStarted')} FOR UPDATE),
       seen AS (SELECT state, xmin::text AS version FROM applications WHERE id = $1),
       changed AS (
         ${stateUpdateSql('identificationStarted', {
           from: 'locked',
           where: 'a.id = locked.id',
           returning: APPLICATION_COLUMNS_OF_A,
         })}),
       abandoned AS (
         UPDATE identifications SET state = 'abandoned', finished_at = now()
         WHERE application_id = $1 AND state = 'pending' AND EXISTS (SELECT 1 FROM locked)),
       started AS (
         INSERT INTO identifications (id, application_id, method, institution_id, state, return_state_hash, return_to,
           browser_hash)
         SELECT $2, id, $3, $4, 'pending', $5, $6, $7 FROM locked)
       SELECT changed.*, locked.version = seen.version AS current, seen.state AS seen_state,
         CASE WHEN changed.id IS NOT NULL THEN ${announceSql('$1')} END AS announced
       FROM seen LEFT JOIN locked ON true LEFT JOIN changed ON true`,
      [
        applicationId,
        identificationId,
        body.method,
        body.method === 'bank' ? body.institutionId : null,
        body.method === 'smartId' ? null : hashReturnState(returnState),
        body.method === 'smartId' ? 'wizard' : (body.returnTo ?? 'wizard'),
        body.method === 'smartId' ? null : browserHash,
      ],
    )
  ).rows;
  if (row === undefined || row.id === null)
    throw refused(broker, applicationId, row?.seen_state, 'identificationStarted');
  countEvent(broker, 'identificationStarted', true);
  if (!row.current) {
    await broker.db.query(
      `UPDATE identifications SET state = 'abandoned', finished_at = now()
       WHERE application_id = $1 AND state = 'pending' AND id <> $2`,
      [applicationId, identificationId],
    );
  }
  const application: ApplicationRow = row;
  afterTransition(broker, applicationId);

  if (body.method === 'smartId') return startSmartId(broker, identificationId, application, body.language);
  // a widget's tab shares no cookie with the publisher's frame: it is sent to a page of ours first, which
  // gets the return state from the frame that opened it (never from its address) and binds itself
  if (body.returnTo === 'widget') {
    const opening = `${broker.config.publicBaseUrl}${WIDGET_IDENTIFY_PATH}?${new URLSearchParams({ lang: body.language })}`;
    return { method: body.method, redirectUrl: `${opening}#${returnState}` };
  }
  return {
    method: body.method,
    redirectUrl: providerUrl(broker, {
      method: body.method,
      institutionId: body.method === 'bank' ? body.institutionId : null,
      returnState,
      language: body.language,
    }),
  };
}

/** The bank's or eParaksts' address an identification goes to, carrying its return state. */
function providerUrl(
  broker: Broker,
  {
    method,
    institutionId,
    returnState,
    language,
  }: { method: 'bank' | 'eSignature'; institutionId: string | null; returnState: string; language: Language },
): string {
  if (method === 'eSignature') return broker.eParaksts.authorizeUrl({ state: returnState, language });
  const institution = institutionId ?? '';
  return bankAuthorizeUrl({
    bankBaseUrl: broker.config.bankLinkBaseUrl,
    institutionId: institution,
    state: returnState,
    returnUrl: `${broker.config.publicBaseUrl}${pathOf(bankIdentificationReturn, { institutionId: institution })}`,
    language,
  });
}

/**
 * A widget's tab, given the return state by the frame that began the identification, binds the identification
 * to its own browser (once: a bound one stays bound) and learns the provider's address.
 */
export async function bindWidgetIdentification(
  broker: Broker,
  returnState: string,
  language: Language,
  browserHash: string,
): Promise<{ redirectUrl: string }> {
  const [row] = (
    await broker.db.query<{ method: 'bank' | 'eSignature'; institution_id: string | null }>(
      `UPDATE identifications SET browser_hash = $2
       WHERE return_state_hash = $1 AND return_to = 'widget' AND state = 'pending' AND browser_hash IS NULL
       RETURNING method, institution_id`,
      [hashReturnState(returnState), browserHash],
    )
  ).rows;
  if (!row) throw new Refusal('unknownIdentification');
  return {
    redirectUrl: providerUrl(broker, { method: row.method, institutionId: row.institution_id, returnState, language }),
  };
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
  // this process follows the session, and holds its lease from the start
  // and the status change (the verification code) is announced by the same statement
  await broker.db.query(
    `WITH started AS (
       UPDATE identifications SET provider_session_id = $2, verification_code = $3, provider_challenge = $4,
         follow_until = now() + make_interval(secs => $5)
       WHERE id = $1 RETURNING application_id)
     SELECT pg_notify($6, application_id::text) FROM started`,
    [identificationId, started.sessionId, started.verificationCode, started.hash, FOLLOW_LEASE_SECONDS, STATUS_CHANNEL],
  );
  broker.hub.forget(application.id);
  followSmartIdSession(broker, identificationId, {
    sessionId: started.sessionId,
    challenge: started.hash,
    identification: {
      ...application,
      identification_state: 'pending',
      method: 'smartId',
      return_to: 'wizard',
      application_id: application.id,
    },
  });
  return { method: 'smartId', verificationCode: started.verificationCode };
}

/** The identification a bank or eParaksts return belongs to, by the `state` it carries. */
export async function identificationByReturnState(
  broker: Broker,
  method: 'bank' | 'eSignature',
  returnState: string,
): Promise<{ id: string; institution_id: string | null; browser_hash: string | null; return_to: string } | null> {
  const [row] = (
    await broker.db.query<{
      id: string;
      institution_id: string | null;
      browser_hash: string | null;
      return_to: string;
    }>(
      `SELECT id, institution_id, browser_hash, return_to FROM identifications
       WHERE return_state_hash = $1 AND method = $2`,
      [hashReturnState(returnState), method],
    )
  ).rows;
  return row ?? null;
}
