import { createHash } from 'node:crypto';
import type { Sql } from '../db/database.ts';

/**
 * Repeated failed logins lock out: 5 within 15 minutes, counted for the member whose passkey was named and for
 * the client's address (hashed: an address is personal data), each on its own. A success does not wipe the
 * count: an attacker's guesses between a member's logins still add up.
 */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;

export const memberKey = (staffId: string) => `staff:${staffId}`;
export const clientKey = (address: string) => `client:${createHash('sha256').update(address).digest('base64url')}`;

export async function isLockedOut(sql: Sql, keys: readonly string[]): Promise<boolean> {
  const [row] = (
    await sql.query<{ most: number | null }>(
      `SELECT max(n)::int AS most FROM (
         SELECT count(*) AS n FROM staff_login_failures
         WHERE key = ANY($1) AND at > now() - make_interval(mins => $2) GROUP BY key) counts`,
      [keys, LOCKOUT_MINUTES],
    )
  ).rows;
  return (row?.most ?? 0) >= LOCKOUT_FAILURES;
}

export async function recordFailure(sql: Sql, keys: readonly string[]): Promise<void> {
  for (const key of keys) await sql.query('INSERT INTO staff_login_failures (key) VALUES ($1)', [key]);
}

/** Failures past the lockout's window and login challenges never answered: the daily clean-up deletes them. */
export async function deleteOldLoginFailures(sql: Sql): Promise<void> {
  await sql.query('DELETE FROM staff_login_failures WHERE at < now() - make_interval(mins => $1)', [LOCKOUT_MINUTES]);
  await sql.query("DELETE FROM staff_login_challenges WHERE created_at < now() - interval '10 minutes'");
}
