import type { Database } from '../db/database.ts';
import type { NonceStore } from './partner-protocol.ts';

/**
 * Replay protection shared by every process: a nonce is accepted once while its signature is fresh, by the
 * primary key of partner_nonces. The nonces of callbacks that arrive together (fifteen lenders answer an
 * application within a second) go in one INSERT instead of one each: while a statement is on its way, the
 * next nonces wait and go with the one after it. Which ones were new comes back from RETURNING; a nonce
 * twice in one batch counts once, for the first caller.
 */
export function databaseNonceStore(db: Database): NonceStore {
  interface Waiting {
    readonly partner: string;
    readonly nonce: string;
    readonly expiresAt: Date;
    readonly resolve: (fresh: boolean) => void;
    readonly reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let inFlight = false;

  async function flush(): Promise<void> {
    inFlight = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const inserted = await db.query<{ partner: string; nonce: string }>(
          `INSERT INTO partner_nonces (partner, nonce, expires_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
           ON CONFLICT DO NOTHING RETURNING partner, nonce`,
          [batch.map((w) => w.partner), batch.map((w) => w.nonce), batch.map((w) => w.expiresAt)],
        );
        const fresh = new Set(inserted.rows.map((row) => `${row.partner}\n${row.nonce}`));
        for (const waiting of batch) {
          const key = `${waiting.partner}\n${waiting.nonce}`;
          // delete: a second caller with the same nonce in this batch is a replay
          waiting.resolve(fresh.delete(key));
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    inFlight = false;
  }

  return {
    remember(partner, nonce, expiresAt) {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ partner, nonce, expiresAt, resolve, reject });
        if (!inFlight) void flush();
      });
    },
  };
}
