import { createHash, randomBytes } from 'node:crypto';
import type { HandoffAnswer, RedeemHandoffAnswer } from '../../domain/api.ts';
import type { Broker } from '../broker.ts';
import type { Database } from '../db/database.ts';
import { Refusal } from './refusal.ts';
import { applicationIdForToken } from './lookup.ts';

/**
 * One-time handoffs of an application from a publisher's widget (our origin, framed, with its own
 * partitioned storage) to a tab of the site, which does not know the token and must not get it in a
 * URL. The widget asks for a short-lived code with the token; the site's tab trades the code, once,
 * for the token.
 *
 * The token itself is never stored in clear: applications keep its SHA-256 (for lookups) and its
 * AES-GCM ciphertext bound to the application's id (so a repeated submission answers the same token).
 * Redeeming opens that ciphertext, so both tabs hold the one token of the application and nothing
 * about tokens changes. Of the code, too, only its SHA-256 is stored.
 */

/** How long a code may wait for its tab to open. */
const HANDOFF_TTL_SECONDS = 120;

const hashHandoffCode = (code: string): string => createHash('sha256').update(code).digest('base64url');

/** A new code for the application the token opens; an unknown or expired token answers 404 invalidToken. */
export async function createHandoff(broker: Broker, token: string): Promise<HandoffAnswer> {
  return createHandoffOf(broker, await applicationIdForToken(broker, token));
}

/**
 * A code for an application found otherwise: the personal account (by its session) and a message's
 * continue link hand the application to the wizard the same way a widget does.
 */
export async function createHandoffOf(broker: Broker, applicationId: string): Promise<HandoffAnswer> {
  const code = randomBytes(32).toString('base64url');
  await broker.db.query(
    `INSERT INTO application_handoffs (code_hash, application_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hashHandoffCode(code), applicationId, HANDOFF_TTL_SECONDS],
  );
  return { code };
}

/**
 * The token of a code's application, once: the code is spent by the same statement that finds it,
 * so of two redeems of one code (in any processes) only one gets a row back. A spent, expired or
 * unknown code, or one whose application's token has run out, answers 400 handoffExpired.
 */
export async function redeemHandoff(broker: Broker, code: string): Promise<RedeemHandoffAnswer> {
  // one transaction: should the token not open, the code stays unspent
  return broker.db.transaction(async (tx) => {
    const [row] = (
      await tx.query<{ id: string; token_ciphertext: string }>(
        `UPDATE application_handoffs h SET used_at = now()
         FROM applications a
         WHERE h.code_hash = $1 AND h.used_at IS NULL AND h.expires_at > now()
           AND a.id = h.application_id AND a.token_expires_at > now()
         RETURNING a.id, a.token_ciphertext`,
        [hashHandoffCode(code)],
      )
    ).rows;
    if (!row) throw new Refusal('handoffExpired');
    const separator = row.token_ciphertext.indexOf('.');
    const token = broker.cipher.decrypt(
      row.token_ciphertext.slice(0, separator),
      row.token_ciphertext.slice(separator + 1),
      `${row.id}:token`,
    );
    return { token };
  });
}

/** Handoff codes past their time, spent or not: none can be redeemed any more. */
export async function deleteExpiredHandoffs(db: Database): Promise<void> {
  await db.query('DELETE FROM application_handoffs WHERE expires_at < now()');
}
