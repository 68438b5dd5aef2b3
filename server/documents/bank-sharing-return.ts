import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BankSharingReturn } from '../../domain/document-api.ts';
import {
  DOCUMENT_UPLOAD_LIMITS,
  incomeSummarySchema,
  type BankShareFailure,
  type IncomeSummaryAnswer,
} from '../../domain/documents.ts';
import type { Language } from '../../domain/language.ts';
import { afterTransition, lockApplication } from '../applications/lifecycle/transition.ts';
import { Refusal } from '../applications/refusal.ts';
import { announceStatusChange } from '../applications/status-hub.ts';
import type { Broker } from '../broker.ts';
import { findInstitution } from '../identity/institutions.ts';
import { sealIncomeSummary } from './bank-share-record.ts';
import { bankApiOptions, endConsentQuietly, hashShareState, INCOME_PROOF_MONTHS } from './bank-sharing.ts';
import { BankSharingError, readBankData, type BankData } from './bank-statement-client.ts';
import { incomeSummary } from './bank-statement-income.ts';
import { statementPdf } from './bank-statement-pdf.ts';
import { openItem } from './uploads.ts';

/**
 * The bank's return after the person approved or refused: the sharing counts only in the browser that began it.
 * The first return claims the consent (clears it from the row), reads the accounts once and ends the consent at the
 * bank at once, whatever happened. What it read becomes the statement (a PDF, an encrypted file of the item with
 * origin `bank`, replacing an earlier one) and the income summary (sealed); the transactions are not stored.
 */

export interface BankSharingOutcome {
  readonly returnTo: BankSharingReturn;
  readonly language: Language;
  readonly state: 'started' | 'ready' | 'failed';
  readonly failure: BankShareFailure | null;
}

interface ShareRow {
  id: string;
  application_id: string;
  item_id: string;
  request_id: string;
  institution_id: string;
  consent_id: string | null;
  browser_hash: string | null;
  return_to: BankSharingReturn;
  language: Language;
  state: 'started' | 'ready' | 'failed';
  failure: BankShareFailure | null;
  months: number | null;
}

async function fail(broker: Broker, share: ShareRow, failure: BankShareFailure): Promise<BankSharingOutcome> {
  await broker.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE bank_shares SET state = 'failed', failure = $2, consent_id = NULL WHERE id = $1 AND state = 'started'`,
      [share.id, failure],
    );
    await announceStatusChange(tx, share.application_id);
  });
  afterTransition(broker, share.application_id);
  return { returnTo: share.return_to, language: share.language, state: 'failed', failure };
}

/** Takes the consent for this return alone: a second return (a reload, a race) finds none to read. */
async function claimConsent(broker: Broker, shareId: string): Promise<string | null> {
  const { rows } = await broker.db.query<{ consent_id: string }>(
    `UPDATE bank_shares s SET consent_id = NULL FROM bank_shares prior
     WHERE s.id = $1 AND prior.id = s.id AND s.state = 'started' AND s.consent_id IS NOT NULL
     RETURNING prior.consent_id`,
    [shareId],
  );
  return rows[0]?.consent_id ?? null;
}

/**
 * `boundHere`: whether this browser carries the mark whose hash the sharing keeps. null: no sharing waits for this
 * state.
 */
export async function finishBankSharing(
  broker: Broker,
  state: string,
  boundHere: (browserHash: string | null) => boolean,
): Promise<BankSharingOutcome | null> {
  const [share] = (
    await broker.db.query<ShareRow>(
      `SELECT s.id, s.application_id, s.item_id, i.request_id, s.institution_id, s.consent_id, s.browser_hash,
         s.return_to, s.language, s.state, s.failure, i.months
       FROM bank_shares s JOIN document_items i ON i.id = s.item_id
       WHERE s.state_hash = $1`,
      [hashShareState(state)],
    )
  ).rows;
  if (!share) return null;
  if (share.state !== 'started') {
    return { returnTo: share.return_to, language: share.language, state: share.state, failure: share.failure };
  }
  const consentId = await claimConsent(broker, share.id);
  if (consentId === null)
    return { returnTo: share.return_to, language: share.language, state: 'started', failure: null };
  if (!boundHere(share.browser_hash)) {
    // a link to the bank's return opened elsewhere reads nothing, and nothing can be read with that consent again
    await endConsentQuietly(broker, share.institution_id, consentId);
    return fail(broker, share, 'otherBrowser');
  }
  let data: BankData;
  try {
    data = await readBankData(
      { institutionId: share.institution_id, consentId, months: share.months ?? INCOME_PROOF_MONTHS },
      bankApiOptions(broker),
    );
  } catch (error) {
    if (!(error instanceof BankSharingError)) await endConsentQuietly(broker, share.institution_id, consentId);
    const failure = error instanceof BankSharingError ? error.failure : 'badAnswer';
    broker.log.warn({ institutionId: share.institution_id, failure }, 'bank sharing not read');
    return fail(broker, share, failure);
  }
  if (!data.consentEnded) broker.log.warn({ institutionId: share.institution_id }, 'bank consent not ended');
  try {
    await keepStatement(broker, share, data);
  } catch (error) {
    // the item was sent or filled while the person was at the bank: what was read is dropped
    if (error instanceof Refusal) return fail(broker, share, 'consentEnded');
    // the consent is spent either way: the sharing must not stay `started` for the person to wait on
    broker.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'statement not kept');
    return fail(broker, share, 'badAnswer');
  }
  afterTransition(broker, share.application_id);
  return { returnTo: share.return_to, language: share.language, state: 'ready', failure: null };
}

/** The statement and the summary made from what was read; the data itself goes out of scope here. */
async function keepStatement(broker: Broker, share: ShareRow, data: BankData): Promise<void> {
  const transactions = data.accounts.flatMap((account) => account.transactions);
  const summary: IncomeSummaryAnswer = incomeSummarySchema.parse(
    incomeSummary(transactions, { period: data.period, ownIbans: data.accounts.map((account) => account.iban) }),
  );
  const pdf = await statementPdf({
    language: share.language,
    institutionName: findInstitution(share.institution_id)?.name ?? share.institution_id,
    data,
    summary,
  });
  const fileId = randomUUID();
  const stored = await broker.documents.write(share.application_id, fileId, Readable.from([pdf]));
  let replaced: string[];
  try {
    replaced = await broker.db.transaction(async (tx) => {
      await lockApplication(tx, share.application_id);
      const item = await openItem(tx, share.application_id, share.request_id, share.item_id, { lock: true });
      if (item.files - item.bank_files >= DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem) {
        throw new Refusal('tooManyDocuments');
      }
      const earlier = await tx.query<{ storage_key: string }>(
        `DELETE FROM document_files WHERE item_id = $1 AND origin = 'bank' RETURNING storage_key`,
        [share.item_id],
      );
      await tx.query(
        `INSERT INTO document_files (id, item_id, application_id, content_type, bytes, sha256, storage_key, origin)
         VALUES ($1, $2, $3, 'application/pdf', $4, $5, $6, 'bank')`,
        [fileId, share.item_id, share.application_id, stored.bytes, stored.sha256, stored.storageKey],
      );
      const sealed = sealIncomeSummary(broker.cipher, share.id, summary);
      await tx.query(
        `UPDATE bank_shares SET state = 'ready', failure = NULL, file_id = $2, summary_key_id = $3,
           summary_ciphertext = $4
         WHERE id = $1`,
        [share.id, fileId, sealed.keyId, sealed.ciphertext],
      );
      await announceStatusChange(tx, share.application_id);
      return earlier.rows.map((row) => row.storage_key);
    });
  } catch (error) {
    await broker.documents.remove(stored.storageKey);
    throw error;
  }
  for (const storageKey of replaced) await broker.documents.remove(storageKey);
}
