import { randomBytes, randomUUID } from 'node:crypto';
import { bankSharingReturn } from '../../domain/contract/applications.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import type { CancelBankSharingBody, StartBankSharingAnswer, StartBankSharingBody } from '../../domain/document-api.ts';
import { BANK_SHAREABLE_KINDS, DOCUMENT_UPLOAD_LIMITS } from '../../domain/documents.ts';
import { afterTransition, lockApplication } from '../applications/lifecycle/transition.ts';
import { hashReturnState } from '../applications/identification.ts';
import { applicationIdForToken } from '../applications/lookup.ts';
import { Refusal } from '../applications/refusal.ts';
import { announceStatusChange } from '../applications/status-hub.ts';
import type { Language } from '../../domain/language.ts';
import type { Broker } from '../broker.ts';
import { findInstitution } from '../identity/institutions.ts';
import { endBankSharing, startBankSharing as askBank, type BankApiOptions } from './bank-statement-client.ts';
import { openItem } from './uploads.ts';

/**
 * Sharing account data from the person's bank instead of uploading a statement (issue 33): the start asks the bank
 * for a one-off consent and sends the person there; the return (bank-sharing-return.ts) reads the data once; the
 * cancel drops what it made. Every step finds the item through the application's token, as the uploads do, and
 * refuses with the same reasons.
 */

/** An income proof names no period: half a year shows a regular income, as the lenders' statements ask. */
export const INCOME_PROOF_MONTHS = 6;

/** The sharing's return state is kept as an identification's is: its hash only. */
export const hashShareState = hashReturnState;

/** How the broker reaches the banks' account-information API. */
export const bankApiOptions = (broker: Broker): BankApiOptions => ({ baseUrl: broker.config.bankLinkBaseUrl });

/** Ends a consent at the bank without failing the caller: unread, it ends there by itself the next day anyway. */
export async function endConsentQuietly(broker: Broker, institutionId: string, consentId: string): Promise<void> {
  await endBankSharing({ institutionId, consentId }, bankApiOptions(broker)).catch((error: unknown) => {
    broker.log.warn({ institutionId, err: { type: (error as Error).name } }, 'bank consent not ended');
  });
}

/**
 * `browserHash`: the hash of the starting browser's mark, which the bank's return must carry. Every bank the
 * person may identify with is a sandbox or partner bank that also offers account information.
 */
export async function startBankSharing(
  broker: Broker,
  body: StartBankSharingBody,
  browserHash: string,
): Promise<StartBankSharingAnswer> {
  const applicationId = await applicationIdForToken(broker, body.token);
  const item = await openItem(broker.db, applicationId, body.requestId, body.itemId, { lock: false });
  if (!BANK_SHAREABLE_KINDS.includes(item.kind)) throw new Refusal('notBankShareable');
  // the statement replaces an earlier one of the item, never an upload
  if (item.files - item.bank_files >= DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem) throw new Refusal('tooManyDocuments');
  if (!findInstitution(body.institutionId)) throw new Refusal('unknownInstitution');
  // the statement and the way back are in the application's language, as its other pages and documents
  const [application] = (
    await broker.db.query<{ language: Language }>('SELECT language FROM applications WHERE id = $1', [applicationId])
  ).rows;
  const language = application?.language ?? 'lv';

  const shareId = randomUUID();
  const state = randomBytes(32).toString('base64url');
  let consent: Awaited<ReturnType<typeof askBank>>;
  try {
    consent = await askBank(
      {
        institutionId: body.institutionId,
        months: item.months ?? INCOME_PROOF_MONTHS,
        returnUrl: `${broker.config.publicBaseUrl}${pathOf(bankSharingReturn)}`,
        state,
        language: body.language ?? language,
      },
      bankApiOptions(broker),
    );
  } catch (error) {
    broker.log.warn({ institutionId: body.institutionId, err: { message: (error as Error).message } }, 'bank down');
    throw new Refusal('bankUnavailable');
  }
  try {
    await broker.db.transaction(async (tx) => {
      // again, locked: the item may have been sent while the bank answered
      await openItem(tx, applicationId, body.requestId, body.itemId, { lock: true });
      await tx.query(
        `INSERT INTO bank_shares (id, application_id, item_id, institution_id, consent_id, state_hash, browser_hash,
           return_to, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          shareId,
          applicationId,
          body.itemId,
          body.institutionId,
          consent.consentId,
          hashShareState(state),
          browserHash,
          body.returnTo ?? 'wizard',
          language,
        ],
      );
      await announceStatusChange(tx, applicationId);
    });
  } catch (error) {
    await endConsentQuietly(broker, body.institutionId, consent.consentId);
    throw error;
  }
  afterTransition(broker, applicationId);
  return { shareId, redirectUrl: consent.redirectUrl };
}

/**
 * Drops the item's sharings, the statement and the summary they made, so the item is open as before; a sharing
 * still waiting at the bank has its consent ended there.
 */
export async function cancelBankSharing(broker: Broker, body: CancelBankSharingBody): Promise<void> {
  const applicationId = await applicationIdForToken(broker, body.token);
  const { storageKeys, consents } = await broker.db.transaction(async (tx) => {
    await lockApplication(tx, applicationId);
    const [share] = (
      await tx.query<{ item_id: string; item_state: string }>(
        `SELECT s.item_id, i.state AS item_state
         FROM bank_shares s JOIN document_items i ON i.id = s.item_id
         WHERE s.id = $1 AND s.application_id = $2
         FOR UPDATE OF i`,
        [body.shareId, applicationId],
      )
    ).rows;
    if (!share) throw new Refusal('unknownDocument');
    // once sent, the lender has (or is getting) the statement and its summary
    if (share.item_state !== 'open') throw new Refusal('documentItemClosed');
    const dropped = await tx.query<{ institution_id: string; consent_id: string | null }>(
      'DELETE FROM bank_shares WHERE item_id = $1 RETURNING institution_id, consent_id',
      [share.item_id],
    );
    const files = await tx.query<{ storage_key: string }>(
      `DELETE FROM document_files WHERE item_id = $1 AND origin = 'bank' RETURNING storage_key`,
      [share.item_id],
    );
    await announceStatusChange(tx, applicationId);
    return {
      storageKeys: files.rows.map((row) => row.storage_key),
      consents: dropped.rows.flatMap((row) =>
        row.consent_id === null ? [] : [{ institutionId: row.institution_id, consentId: row.consent_id }],
      ),
    };
  });
  afterTransition(broker, applicationId);
  for (const storageKey of storageKeys) await broker.documents.remove(storageKey);
  for (const consent of consents) await endConsentQuietly(broker, consent.institutionId, consent.consentId);
}
