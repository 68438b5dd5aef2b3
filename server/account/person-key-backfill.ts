import type { Broker } from '../broker.ts';
import { openApplicant } from '../applications/applicant-record.ts';
import { personKeyOf } from '../security/lookup-keys.ts';

/**
 * Applications stored before accounts existed have no person_key: each is opened once, with the
 * key that sealed it, and gets one, so the account finds it too. A batch a call; answers how many got one.
 */
export async function backfillPersonKeys(broker: Broker, batch = 500): Promise<number> {
  const rows = (
    await broker.db.query<{ id: string; key_id: string; applicant_ciphertext: string | null }>(
      `SELECT id, key_id, applicant_ciphertext FROM applications
       WHERE person_key IS NULL AND applicant_ciphertext IS NOT NULL LIMIT $1`,
      [batch],
    )
  ).rows;
  let updated = 0;
  for (const row of rows) {
    let applicant: ReturnType<typeof openApplicant>;
    try {
      applicant = openApplicant(broker.cipher, row);
    } catch {
      continue; // sealed with a key no longer configured: nobody can find it by its code anyway
    }
    if (!applicant) continue;
    updated += 1;
    await broker.db.query('UPDATE applications SET person_key = $2 WHERE id = $1 AND person_key IS NULL', [
      row.id,
      personKeyOf(broker.config.lookupKey, applicant.personalId),
    ]);
  }
  return updated;
}
