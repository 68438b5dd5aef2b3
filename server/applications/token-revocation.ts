import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { newToken, tokenHash } from '../security/tokens.ts';

/** Every process drops the tokens of the applications named here from its cache (lookup.ts). */
export const TOKENS_CHANNEL = 'application_tokens';

/**
 * "Log out everywhere" reaches the applications too: each of the person's applications gets a new token
 * (its hash for lookups, its ciphertext for the account's handoff, which keeps working), the old token is
 * kept as revoked until it would have expired, and every handoff code is spent. A browser holding an old
 * token is told to log in again; the application itself, its offers and choices stay as they were. The ids
 * answered are for this process's cache: the others hear of them by NOTIFY once the transaction commits.
 */
export async function revokeApplicationTokensOf(broker: Broker, sql: Sql, personKey: string): Promise<string[]> {
  const applications = (
    await sql.query<{ id: string; token_hash: string; token_expires_at: Date }>(
      'SELECT id, token_hash, token_expires_at FROM applications WHERE person_key = $1 FOR UPDATE',
      [personKey],
    )
  ).rows;
  for (const application of applications) {
    const token = newToken();
    const sealed = broker.cipher.encrypt(token, `${application.id}:token`);
    await sql.query(
      `WITH revoked AS (
         INSERT INTO revoked_tokens (token_hash, application_id, expires_at) VALUES ($4, $1, $5)
         ON CONFLICT (token_hash) DO NOTHING)
       UPDATE applications SET token_hash = $2, token_ciphertext = $3 WHERE id = $1`,
      [
        application.id,
        tokenHash(token),
        `${sealed.keyId}.${sealed.ciphertext}`,
        application.token_hash,
        application.token_expires_at,
      ],
    );
    await sql.query('DELETE FROM application_handoffs WHERE application_id = $1', [application.id]);
    await sql.query('SELECT pg_notify($1, $2)', [TOKENS_CHANNEL, application.id]);
  }
  return applications.map((application) => application.id);
}

/** Whether a token was revoked by "log out everywhere" (and would not have expired yet). */
export async function isRevokedToken(sql: Sql, token: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM revoked_tokens WHERE token_hash = $1 AND expires_at > now()', [
    tokenHash(token),
  ]);
  return rows.length > 0;
}

/** Whether an application's tokens were ever revoked: a replayed submission then hands out none. */
export async function hasRevokedTokens(sql: Sql, applicationId: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM revoked_tokens WHERE application_id = $1 LIMIT 1', [applicationId]);
  return rows.length > 0;
}

/** Revoked tokens past their time would not open anything anyway: the daily clean-up deletes them. */
export async function deleteExpiredRevokedTokens(sql: Sql): Promise<void> {
  await sql.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
}
