import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginPollAnswer, StartLoginAnswer, StartLoginBody } from '../../domain/account-api.ts';
import { bankLoginReturn } from '../../domain/contract/account.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import type { Language } from '../../domain/language.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../applications/refusal.ts';
import { bankAuthorizeUrl } from '../identity/bank-link.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { smartIdFailure } from '../identity/smart-id-client.ts';
import { personKeyOf } from '../security/lookup-keys.ts';
import { createSession } from './sessions.ts';

/**
 * A login is an identification without an application: the same banks, Smart-ID and eParaksts,
 * its own rows (login_attempts). Success opens a session for the keyed hash of the identified code.
 */

const SMART_ID_DISPLAY_TEXT: Record<Language, string> = {
  lv: 'Kreditkompass: pieslēgšanās profilam',
  ru: 'Kreditkompass: вход в личный кабинет',
};
/** Smart-ID sessions end within two minutes; a login left longer is over. */
const LOGIN_DEADLINE_MS = 150_000;
const LONG_POLL_MS = 10_000;

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** `browserHash`: the hash of the starting browser's mark (server/http/browser-binding.ts); the return must carry it. */
export async function startLogin(broker: Broker, body: StartLoginBody, browserHash: string): Promise<StartLoginAnswer> {
  const id = randomUUID();
  const { language } = body;
  if (body.method === 'smartId') {
    let started: Awaited<ReturnType<Broker['smartId']['startAuthentication']>>;
    try {
      started = await broker.smartId.startAuthentication(body.personalCode, SMART_ID_DISPLAY_TEXT[language]);
    } catch {
      throw new Refusal('providerUnavailable');
    }
    if (started.kind === 'failed') throw new Refusal('identificationFailed');
    const pollSecret = randomBytes(32).toString('base64url');
    await broker.db.query(
      `INSERT INTO login_attempts (id, poll_secret_hash, method, language, state, provider_session_id,
         provider_challenge, verification_code, person_key, browser_hash)
       VALUES ($1, $2, 'smartId', $3, 'pending', $4, $5, $6, $7, $8)`,
      [
        id,
        hashSecret(pollSecret),
        language,
        started.sessionId,
        started.hash,
        started.verificationCode,
        personKeyOf(broker.config.lookupKey, body.personalCode),
        browserHash,
      ],
    );
    return { method: 'smartId', verificationCode: started.verificationCode, pollSecret };
  }
  if (body.method === 'bank' && !INSTITUTIONS.some((institution) => institution.id === body.institutionId)) {
    throw new Refusal('unknownInstitution');
  }
  const returnState = randomBytes(32).toString('base64url');
  await broker.db.query(
    `INSERT INTO login_attempts (id, method, institution_id, language, state, return_state_hash, browser_hash)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6)`,
    [
      id,
      body.method,
      body.method === 'bank' ? body.institutionId : null,
      language,
      hashSecret(returnState),
      browserHash,
    ],
  );
  if (body.method === 'eSignature') {
    return { method: 'eSignature', redirectUrl: broker.eParaksts.authorizeUrl({ state: returnState, language }) };
  }
  return {
    method: 'bank',
    redirectUrl: bankAuthorizeUrl({
      bankBaseUrl: broker.config.bankLinkBaseUrl,
      institutionId: body.institutionId,
      state: returnState,
      returnUrl: `${broker.config.publicBaseUrl}${pathOf(bankLoginReturn, { institutionId: body.institutionId })}`,
      language,
    }),
  };
}

export interface LoginAttempt {
  readonly id: string;
  readonly institutionId: string | null;
  readonly language: Language;
  /** the hash of the mark of the browser that began it */
  readonly browserHash: string | null;
}

/** The pending bank or eParaksts login a provider's return belongs to, by the `state` it carries. */
export async function loginByReturnState(
  broker: Broker,
  method: 'bank' | 'eSignature',
  returnState: string,
): Promise<LoginAttempt | null> {
  const [row] = (
    await broker.db.query<{
      id: string;
      institution_id: string | null;
      language: Language;
      browser_hash: string | null;
    }>(
      `SELECT id, institution_id, language, browser_hash FROM login_attempts
       WHERE return_state_hash = $1 AND method = $2 AND state = 'pending'`,
      [hashSecret(returnState), method],
    )
  ).rows;
  return row
    ? { id: row.id, institutionId: row.institution_id, language: row.language, browserHash: row.browser_hash }
    : null;
}

/**
 * Ends a pending login once; a session id when it succeeded. The attempt is claimed by the statement
 * that ends it, so two returns or polls of one attempt never open two sessions.
 */
export async function finishLogin(
  broker: Broker,
  attemptId: string,
  outcome: { kind: 'identified'; personalCode: string } | { kind: 'failed'; failure: string },
): Promise<string | null> {
  const personKey = outcome.kind === 'identified' ? personKeyOf(broker.config.lookupKey, outcome.personalCode) : null;
  return broker.db.transaction(async (tx) => {
    const [claimed] = (
      await tx.query<{ method: string; person_key: string | null }>(
        `UPDATE login_attempts SET state = $2, failure = $3, finished_at = now()
         WHERE id = $1 AND state = 'pending' RETURNING method, person_key`,
        [
          attemptId,
          outcome.kind === 'identified' ? 'succeeded' : 'failed',
          outcome.kind === 'failed' ? outcome.failure : null,
        ],
      )
    ).rows;
    if (!claimed || !personKey) return null;
    // Smart-ID was started for the code the person typed: the certificate must be that person's
    if (claimed.person_key !== null && claimed.person_key !== personKey) {
      await tx.query(`UPDATE login_attempts SET state = 'failed', failure = 'personalCodeMismatch' WHERE id = $1`, [
        attemptId,
      ]);
      return null;
    }
    await tx.query('UPDATE login_attempts SET person_key = $2 WHERE id = $1', [attemptId, personKey]);
    return createSession(tx, personKey, claimed.method);
  });
}

/**
 * The browser that started a Smart-ID login asks with its secret; this follows the Smart-ID session
 * for a while and answers a new session id once the person confirmed in the app.
 */
export async function pollSmartIdLogin(
  broker: Broker,
  pollSecret: string,
  fromStartingBrowser: (browserHash: string | null) => boolean,
): Promise<{ answer: LoginPollAnswer; sessionId: string | null }> {
  const [attempt] = (
    await broker.db.query<{
      id: string;
      state: string;
      failure: string | null;
      provider_session_id: string;
      provider_challenge: string | null;
      browser_hash: string | null;
      created_at: Date;
    }>(
      `SELECT id, state, failure, provider_session_id, provider_challenge, browser_hash, created_at FROM login_attempts
       WHERE poll_secret_hash = $1 AND method = 'smartId'`,
      [hashSecret(pollSecret)],
    )
  ).rows;
  if (!attempt) throw new Refusal('unknownLogin');
  const failed = (failure: string) => ({ answer: { state: 'failed' as const, failure }, sessionId: null });
  // a finished attempt never opens a second session
  if (attempt.state !== 'pending') return failed(attempt.failure ?? 'finished');
  // a poll secret copied into another browser does not carry the login over
  if (!fromStartingBrowser(attempt.browser_hash)) {
    await finishLogin(broker, attempt.id, { kind: 'failed', failure: 'otherBrowser' });
    return failed('otherBrowser');
  }
  if (Date.now() - attempt.created_at.getTime() > LOGIN_DEADLINE_MS) {
    await finishLogin(broker, attempt.id, { kind: 'failed', failure: 'timeout' });
    return failed('timeout');
  }
  let session: Awaited<ReturnType<Broker['smartId']['pollSession']>>;
  try {
    session = await broker.smartId.pollSession(
      attempt.provider_session_id,
      LONG_POLL_MS,
      attempt.provider_challenge ?? undefined,
    );
  } catch {
    return { answer: { state: 'pending', failure: null }, sessionId: null };
  }
  if (session.state === 'RUNNING') return { answer: { state: 'pending', failure: null }, sessionId: null };
  if (session.endResult !== 'OK') {
    const failure = smartIdFailure(session.endResult);
    await finishLogin(broker, attempt.id, { kind: 'failed', failure });
    return failed(failure);
  }
  const sessionId = await finishLogin(broker, attempt.id, {
    kind: 'identified',
    personalCode: session.identity.personalCode,
  });
  return sessionId ? { answer: { state: 'succeeded', failure: null }, sessionId } : failed('personalCodeMismatch');
}

/** Where a provider sends the browser back after a login. */
export const accountPath = (language: Language, failed = false): string =>
  `${language === 'ru' ? '/ru/profil' : '/profils'}${failed ? '?login=failed' : ''}`;

/** Logins a day old are long over (an attempt ends within minutes): the daily clean-up deletes them. */
export async function deleteOldLoginAttempts(sql: Sql): Promise<void> {
  await sql.query(`DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'`);
}
