import { openApplicant } from '../../applications/applicant-record.ts';
import type { Broker } from '../../broker.ts';
import { emailKeyOf, phoneKeyOf } from '../../security/lookup-keys.ts';

/**
 * Call requests made before the consultants' search (migration 0025) have no contact keys: each one's application is
 * opened once and the request gets the keys of the e-mail and phone it gave, so the search finds it too. A batch a
 * call; answers how many got them.
 */
export async function backfillCallRequestKeys(broker: Broker, batch = 500): Promise<number> {
  const rows = (
    await broker.db.query<{ id: string; application_id: string; key_id: string; applicant_ciphertext: string | null }>(
      `SELECT c.id, c.application_id, a.key_id, a.applicant_ciphertext
       FROM call_requests c JOIN applications a ON a.id = c.application_id
       WHERE c.email_key IS NULL AND c.phone_key IS NULL AND a.applicant_ciphertext IS NOT NULL
       LIMIT $1`,
      [batch],
    )
  ).rows;
  let updated = 0;
  for (const row of rows) {
    let applicant: ReturnType<typeof openApplicant>;
    try {
      applicant = openApplicant(broker.cipher, { ...row, id: row.application_id });
    } catch {
      continue; // sealed with a key no longer configured: nothing to find it by
    }
    if (!applicant) continue;
    updated += 1;
    await broker.db.query(
      'UPDATE call_requests SET email_key = $2, phone_key = $3 WHERE id = $1 AND email_key IS NULL AND phone_key IS NULL',
      [
        row.id,
        emailKeyOf(broker.config.lookupKey, applicant.email),
        phoneKeyOf(broker.config.lookupKey, applicant.phoneNumber),
      ],
    );
  }
  return updated;
}
