import { createHash, randomBytes } from 'node:crypto';
import { getAccount } from '../../domain/contract/account.ts';
import type { Sql } from '../db/database.ts';
import { siteCookie, type SiteCookie } from '../http/site-cookie.ts';

/**
 * Server-side sessions of the personal account. The cookie carries 256 random bits; the table keeps
 * only their SHA-256, so a leaked table opens no account. A session ends after 30 idle minutes.
 */
export const SESSION_COOKIE = 'kk_session';
export const SESSION_IDLE_MINUTES = 30;
/** The cookie goes only to the account's API, whose every path is under getAccount's, never to pages or other endpoints. */
export const SESSION_COOKIE_PATH = getAccount.path;

export interface AccountSession {
  readonly idHash: string;
  readonly personKey: string;
  readonly expiresAt: Date;
}

const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('base64url');

export async function createSession(sql: Sql, personKey: string, method: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await sql.query('INSERT INTO account_sessions (id_hash, person_key, method) VALUES ($1, $2, $3)', [
    hashSessionId(id),
    personKey,
    method,
  ]);
  return id;
}

/** The live session a cookie names, its idle clock restarted; null when unknown or idle too long. */
export async function touchSession(sql: Sql, id: string): Promise<AccountSession | null> {
  const [row] = (
    await sql.query<{ id_hash: string; person_key: string; last_seen_at: Date }>(
      `UPDATE account_sessions SET last_seen_at = now()
       WHERE id_hash = $1 AND last_seen_at > now() - make_interval(mins => $2)
       RETURNING id_hash, person_key, last_seen_at`,
      [hashSessionId(id), SESSION_IDLE_MINUTES],
    )
  ).rows;
  if (!row) return null;
  return {
    idHash: row.id_hash,
    personKey: row.person_key,
    expiresAt: new Date(row.last_seen_at.getTime() + SESSION_IDLE_MINUTES * 60_000),
  };
}

export async function endSession(sql: Sql, idHash: string): Promise<void> {
  await sql.query('DELETE FROM account_sessions WHERE id_hash = $1', [idHash]);
}

export async function endEverySession(sql: Sql, personKey: string): Promise<void> {
  await sql.query('DELETE FROM account_sessions WHERE person_key = $1', [personKey]);
}

/** Sessions idle past their timeout: the daily clean-up deletes them. */
export async function deleteIdleSessions(sql: Sql): Promise<void> {
  await sql.query('DELETE FROM account_sessions WHERE last_seen_at < now() - make_interval(mins => $1)', [
    SESSION_IDLE_MINUTES,
  ]);
}

/** The session cookie's name and flags where the site is served (`__Host-kk_session` over HTTPS). */
export const sessionCookieOf = (publicBaseUrl: string): SiteCookie =>
  siteCookie(publicBaseUrl, SESSION_COOKIE, SESSION_COOKIE_PATH);
