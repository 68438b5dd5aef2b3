import type { Database } from '../db/database.ts';
import { createInFlightBatches, failed, succeeded } from '../db/in-flight-batches.ts';
import type { NonceStore } from './partner-protocol.ts';

interface Nonce {
  readonly partner: string;
  readonly nonce: string;
  readonly expiresAt: Date;
}

/**
 * Replay protection shared by every process: a nonce is accepted once while its signature is fresh, by the
 * primary key of partner_nonces. The nonces of callbacks that arrive together (fifteen lenders answer an
 * application within a second) go in one INSERT instead of one each (createInFlightBatches). Which ones were
 * new comes back from RETURNING; a nonce twice in one batch counts once, for the first caller.
 */
export function databaseNonceStore(db: Database): NonceStore {
  const remember = createInFlightBatches<'nonces', Nonce, boolean>(async (_all, batch) => {
    try {
      const inserted = await db.query<{ partner: string; nonce: string }>(
        `INSERT INTO partner_nonces (partner, nonce, expires_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
         ON CONFLICT DO NOTHING RETURNING partner, nonce`,
        [batch.map((w) => w.partner), batch.map((w) => w.nonce), batch.map((w) => w.expiresAt)],
      );
      const fresh = new Set(inserted.rows.map((row) => `${row.partner}\n${row.nonce}`));
      // delete: a second caller with the same nonce in this batch is a replay
      return batch.map((waiting) => succeeded(fresh.delete(`${waiting.partner}\n${waiting.nonce}`)));
    } catch (error) {
      return batch.map(() => failed(error));
    }
  });
  return { remember: (partner, nonce, expiresAt) => remember('nonces', { partner, nonce, expiresAt }) };
}

/** Nonces past their time: a signature that old is refused by its timestamp alone, so the row guards nothing. */
export async function deleteExpiredNonces(db: Database): Promise<void> {
  await db.query('DELETE FROM partner_nonces WHERE expires_at < now()');
}
