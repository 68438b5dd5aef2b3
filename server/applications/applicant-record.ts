import type { LoanApplication } from '../../domain/application.ts';
import type { FieldCipher } from '../security/field-cipher.ts';

/**
 * Everything personal about an applicant is one encrypted document per application. The row id is
 * the associated data, so a ciphertext copied onto another row does not decrypt.
 */
export function sealApplicant(cipher: FieldCipher, applicationId: string, application: LoanApplication) {
  return cipher.encrypt(JSON.stringify(application), applicationId);
}

export function openApplicant(
  cipher: FieldCipher,
  row: { id: string; key_id: string; applicant_ciphertext: string | null },
): LoanApplication | null {
  if (row.applicant_ciphertext === null) return null;
  return JSON.parse(cipher.decrypt(row.key_id, row.applicant_ciphertext, row.id)) as LoanApplication;
}
