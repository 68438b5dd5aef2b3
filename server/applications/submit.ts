import { createHash, randomUUID } from 'node:crypto';
import type { SubmitApplicationAnswer } from '../../domain/api.ts';
import type { LoanApplication } from '../../domain/application.ts';
import type { Language } from '../../domain/language.ts';
import type { Tracking } from '../../domain/api.ts';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import { normalizePhone } from '../../domain/phone.ts';
import type { Broker } from '../broker.ts';
import { Refusal } from './refusal.ts';
import { newToken, tokenHash } from '../security/tokens.ts';
import { rememberToken } from './lookup.ts';
import { APPLICATION_COLUMNS, newApplicationStatus, type ApplicationRow } from './status.ts';
import { sealApplicant } from './applicant-record.ts';
import { personKeyOf } from '../security/lookup-keys.ts';
import { noticeChoicesOf, recordFormConsents } from '../account/consents.ts';
import { noticeApplicationReceived } from '../notices/notice-triggers.ts';
import { RECEIVED_STATE_SQL } from './lifecycle/transition.ts';

export interface Submission {
  readonly language: Language;
  readonly application: LoanApplication;
  readonly tracking?: Tracking | undefined;
  readonly test?: true | undefined;
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
       excluded_lenders, test)
     VALUES ($1, $2, $3, $4, $5, $6, ${RECEIVED_STATE_SQL}, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
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
    ],
  );
  const [stored] = inserted.rows;
  if (!stored) {
    // a request with this key came before (a retry) or is being stored at this moment
    const earlier = await replay(broker, idempotencyKey, requestHash);
    if (earlier) return earlier;
    throw new Refusal('idempotencyKeyInFlight');
  }
  // the next steps (the status stream, the identification) name the token at once
  rememberToken(token, id, expiresAt);
  broker.hub.remember(id, JSON.stringify(newApplicationStatus(stored, broker.cipher, broker.lenders)));
  await recordFormConsents(broker, personKey, application);
  await noticeApplicationReceived(broker, id, noticeChoices);
  return { token, expiresAt: expiresAt.toISOString() };
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
  const separator = row.token_ciphertext.indexOf('.');
  const token = broker.cipher.decrypt(
    row.token_ciphertext.slice(0, separator),
    row.token_ciphertext.slice(separator + 1),
    `${row.id}:token`,
  );
  return { token, expiresAt: row.token_expires_at.toISOString() };
}
