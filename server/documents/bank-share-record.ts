import { incomeSummarySchema, type BankShareFailure, type IncomeSummaryAnswer } from '../../domain/documents.ts';
import type { Sql } from '../db/database.ts';
import type { FieldCipher } from '../security/field-cipher.ts';

/**
 * A bank sharing's row as the status and the delivery read it, and its income summary sealed like the applicant's
 * data: AES-256-GCM under the current key, the row id as associated data, so a summary copied onto another
 * sharing's row does not open.
 */

export interface BankShareRow {
  id: string;
  institution_id: string;
  state: 'started' | 'ready' | 'failed';
  failure: BankShareFailure | null;
  summary_key_id: string | null;
  summary_ciphertext: string | null;
  file_id: string | null;
}

const associatedData = (shareId: string) => `${shareId}:incomeSummary`;

export function sealIncomeSummary(
  cipher: FieldCipher,
  shareId: string,
  summary: IncomeSummaryAnswer,
): { keyId: string; ciphertext: string } {
  return cipher.encrypt(JSON.stringify(summary), associatedData(shareId));
}

/** The summary of a row that holds one; null for a row without. */
export function openIncomeSummary(
  cipher: FieldCipher,
  row: Pick<BankShareRow, 'id' | 'summary_key_id' | 'summary_ciphertext'>,
): IncomeSummaryAnswer | null {
  if (row.summary_key_id === null || row.summary_ciphertext === null) return null;
  const plaintext = cipher.decrypt(row.summary_key_id, row.summary_ciphertext, associatedData(row.id));
  return incomeSummarySchema.parse(JSON.parse(plaintext));
}

/** The summary of the item's ready sharing, which its delivery carries to the lender; null when it has none. */
export async function readyIncomeSummaryOf(
  sql: Sql,
  cipher: FieldCipher,
  itemId: string,
): Promise<IncomeSummaryAnswer | null> {
  const [row] = (
    await sql.query<Pick<BankShareRow, 'id' | 'summary_key_id' | 'summary_ciphertext'>>(
      `SELECT id, summary_key_id, summary_ciphertext FROM bank_shares
       WHERE item_id = $1 AND state = 'ready' AND file_id IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
      [itemId],
    )
  ).rows;
  return row ? openIncomeSummary(cipher, row) : null;
}
