import { createHash, randomUUID } from 'node:crypto';
import type { SubmitApplicationAnswer } from '../../domain/api.ts';
import type { LoanApplication } from '../../domain/application.ts';
import type { Language } from '../../domain/language.ts';
import type { Tracking } from '../../domain/api.ts';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import { normalizePhone } from '../../domain/phone.ts';
import type { Broker } from '../broker.ts';
import { hasRevokedTokens } from './token-revocation.ts';
import { Refusal } from './refusal.ts';
import { newToken, tokenHash } from '../security/tokens.ts';
import { applicationIdForToken, rememberToken } from './lookup.ts';
import { APPLICATION_COLUMNS, newApplicationStatus, type ApplicationRow } from './status.ts';
import { sealApplicant } from './applicant-record.ts';
import { personKeyOf } from '../security/lookup-keys.ts';
import { noticeChoicesOf, recordFormConsents } from '../account/consents.ts';
import { noticeApplicationReceived } from '../notices/notice-triggers.ts';
import { expireWhere, RECEIVED_STATE_SQL } from './lifecycle/transition.ts';
import { countEvent } from '../ops/metrics/record.ts';
import { CONTINUABLE_STATES, IDENTIFIED_STATES } from '../../domain/application-lifecycle.ts';
import { activeTraceparent } from '../ops/tracing/application-trace.ts';

export interface Submission {
  readonly language: Language;
  readonly application: LoanApplication;
  readonly tracking?: Tracking | undefined;
  readonly test?: true | undefined;
  /** the token of the application this one is the edit of ("Labot pieteikumu") */
  readonly replaces?: string | undefined;
}

/**
 * Stores a new application (the lifecycle's `received`: state `draft`) and answers its token. The same idempotency key with
 * the same body answers the same token and creates nothing; with another body it is refused.
 */
export async function submitApplication(
  broker: Broker,
  submission: Submission,
  idempotencyKey: string,
): Promise<SubmitApplicationAnswer> {
  const application: LoanApplication = {
    ...submission.application,
    personalId: normalizePersonalCode(submission.application.personalId),
    phoneNumber: normalizePhone(submission.application.phoneNumber),
  };
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ ...submission, application }))
    .digest('base64url');

  // the insert goes first and meets an earlier request with the same key by its unique index: a lookup
  // first would cost every application a statement, for the rare retry
  const id = randomUUID();
  const token = newToken();
  const expiresAt = new Date(Date.now() + broker.config.tokenTtlDays * 86_400_000);
  const applicant = sealApplicant(broker.cipher, id, application);
  const sealedToken = broker.cipher.encrypt(token, `${id}:token`);
  const personKey = personKeyOf(broker.config.lookupKey, application.personalId);
  const noticeChoices = noticeChoicesOf(application);
  const inserted = await broker.db.query<ApplicationRow>(
    `INSERT INTO applications (id, token_hash, token_expires_at, idempotency_key, request_hash, token_ciphertext,
       state, language, amount, term, purpose, key_id, applicant_ciphertext, tracking, person_key, notice_choices,
       excluded_lenders, test, trace_parent)
     VALUES ($1, $2, $3, $4, $5, $6, ${RECEIVED_STATE_SQL}, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${APPLICATION_COLUMNS}`,
    [
      id,
      tokenHash(token),
      expiresAt,
      idempotencyKey,
      requestHash,
      `${sealedToken.keyId}.${sealedToken.ciphertext}`,
      submission.language,
      application.amount,
      application.term,
      application.loanPurpose,
      applicant.keyId,
      applicant.ciphertext,
      JSON.stringify(submission.tracking ?? {}),
      personKey,
      JSON.stringify(noticeChoices),
      [...new Set(application.excludedLenders)],
      submission.test === true,
      activeTraceparent(),
    ],
  );
  const [stored] = inserted.rows;
  if (!stored) {
    // a request with this key came before (a retry) or is being stored at this moment
    const earlier = await replay(broker, idempotencyKey, requestHash);
    if (earlier) return earlier;
    throw new Refusal('idempotencyKeyInFlight');
  }
  countEvent(broker, 'received', true);
  // the next steps (the status stream, the identification) name the token at once
  rememberToken(token, id, expiresAt);
  broker.hub.remember(id, JSON.stringify(newApplicationStatus(stored, broker.cipher, broker.lenders)));
  const replaced =
    submission.replaces && submission.test !== true
      ? await replacedApplication(broker, id, personKey, submission.replaces)
      : null;
  // a stop of e-mails during the attempt being edited holds for the edit: the box's default does not undo it
  await recordFormConsents(broker, personKey, application, replaced?.createdAt);
  if (replaced) await takeOver(broker, id, replaced.id);
  // one receipt a person's attempt: a channel whose receipt came over from the replaced application gets none again
  await noticeApplicationReceived(broker, id, noticeChoices, application.email);
  return { token, expiresAt: expiresAt.toISOString() };
}

/** The states of an application the person may still edit and send again: it never reached a lender. */
const UNIDENTIFIED_STATES = CONTINUABLE_STATES.filter((state) => !IDENTIFIED_STATES.has(state));

/**
 * The person's edited application ("Labot pieteikumu": back to the form from the identification, sent again with
 * the token of the one edited) replaces that one, when it is the same person's and was never identified, so never
 * reached a lender. The new one takes over the messages already sent or queued for it (the receipt is not sent
 * twice) and their continue links, which now open the new application; the replaced one expires. Any other token
 * (someone else's, identified, unknown) replaces nothing: the application is a new attempt with its own receipt.
 */
async function replacedApplication(
  broker: Broker,
  applicationId: string,
  personKey: string,
  token: string,
): Promise<{ id: string; createdAt: Date } | null> {
  let replacedId: string;
  try {
    replacedId = await applicationIdForToken(broker, token);
  } catch {
    return null;
  }
  const [row] = (
    await broker.db.query<{ id: string; created_at: Date }>(
      `SELECT id, created_at FROM applications
       WHERE id = $1 AND person_key = $2 AND id <> $3 AND NOT test AND state = ANY($4)`,
      [replacedId, personKey, applicationId, UNIDENTIFIED_STATES],
    )
  ).rows;
  return row ? { id: row.id, createdAt: row.created_at } : null;
}

async function takeOver(broker: Broker, applicationId: string, replacedId: string): Promise<void> {
  const replaced = await broker.db.transaction(async (tx) => {
    // still unidentified now that it is locked: an identification that finished meanwhile keeps it as it is
    const [row] = (
      await tx.query<{ id: string }>('SELECT id FROM applications WHERE id = $1 AND state = ANY($2) FOR UPDATE', [
        replacedId,
        UNIDENTIFIED_STATES,
      ])
    ).rows;
    if (!row) return false;
    await tx.query(`UPDATE notices SET application_id = $1 WHERE application_id = $2 AND kind = 'received'`, [
      applicationId,
      replacedId,
    ]);
    await tx.query('UPDATE continue_links SET application_id = $1 WHERE application_id = $2', [
      applicationId,
      replacedId,
    ]);
    return true;
  });
  // an id of our own rows (a UUID), never a caller's text
  if (replaced && /^[0-9a-f-]{36}$/.test(replacedId)) await expireWhere(broker, `a.id = '${replacedId}'`);
}

async function replay(
  broker: Broker,
  idempotencyKey: string,
  requestHash: string,
): Promise<SubmitApplicationAnswer | null> {
  const [row] = (
    await broker.db.query<{ id: string; request_hash: string; token_ciphertext: string; token_expires_at: Date }>(
      'SELECT id, request_hash, token_ciphertext, token_expires_at FROM applications WHERE idempotency_key = $1',
      [idempotencyKey],
    )
  ).rows;
  if (!row) return null;
  if (row.request_hash !== requestHash) throw new Refusal('idempotencyKeyReused');
  // a browser that logged out everywhere gets no new token by sending its submission again
  if (await hasRevokedTokens(broker.db, row.id)) throw new Refusal('tokenRevoked');
  const separator = row.token_ciphertext.indexOf('.');
  const token = broker.cipher.decrypt(
    row.token_ciphertext.slice(0, separator),
    row.token_ciphertext.slice(separator + 1),
    `${row.id}:token`,
  );
  return { token, expiresAt: row.token_expires_at.toISOString() };
}
