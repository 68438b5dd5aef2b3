import { createHash, randomBytes } from 'node:crypto';
import { staffMe } from '../../domain/contract/staff.ts';
import type { StaffMe, StaffRole } from '../../domain/staff-api.ts';
import type { Language } from '../../domain/language.ts';
import type { Sql } from '../db/database.ts';
import { siteCookie, type SiteCookie } from '../http/site-cookie.ts';

/**
 * The staff's sessions: a cookie of their own (never the applicant's or the account's), 256 random bits of which
 * the table keeps only the SHA-256, ended after 15 idle minutes. A removed member's sessions end with them.
 */
export const STAFF_SESSION_COOKIE = 'kk_staff';
export const STAFF_SESSION_IDLE_MINUTES = 15;
/** The cookie goes to the staff's API alone, every path of which is under /api/staff. */
const STAFF_COOKIE_PATH = staffMe.path.replace(/\/me$/, '');

export interface StaffSession extends StaffMe {
  readonly idHash: string;
}

const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('base64url');

export async function createStaffSession(sql: Sql, staffId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await sql.query('INSERT INTO staff_sessions (id_hash, staff_id) VALUES ($1, $2)', [hashSessionId(id), staffId]);
  return id;
}

/** The live session a cookie names, its idle clock restarted, with its member; null when unknown, idle or removed. */
export async function touchStaffSession(sql: Sql, id: string): Promise<StaffSession | null> {
  const [row] = (
    await sql.query<{ id_hash: string; id: string; email: string; name: string; role: StaffRole; language: Language }>(
      `UPDATE staff_sessions s SET last_seen_at = now()
       FROM staff_members m
       WHERE s.id_hash = $1 AND s.last_seen_at > now() - make_interval(mins => $2)
         AND m.id = s.staff_id AND m.removed_at IS NULL
       RETURNING s.id_hash, m.id, m.email, m.name, m.role, m.language`,
      [hashSessionId(id), STAFF_SESSION_IDLE_MINUTES],
    )
  ).rows;
  if (!row) return null;
  return { idHash: row.id_hash, id: row.id, email: row.email, name: row.name, role: row.role, language: row.language };
}

export async function endStaffSession(sql: Sql, idHash: string): Promise<void> {
  await sql.query('DELETE FROM staff_sessions WHERE id_hash = $1', [idHash]);
}

/** Sessions idle past their timeout: the daily clean-up deletes them. */
export async function deleteIdleStaffSessions(sql: Sql): Promise<void> {
  await sql.query('DELETE FROM staff_sessions WHERE last_seen_at < now() - make_interval(mins => $1)', [
    STAFF_SESSION_IDLE_MINUTES,
  ]);
}

/** The staff cookie's name and flags where the site is served (`__Host-kk_staff` over HTTPS). */
export const staffSessionCookieOf = (publicBaseUrl: string): SiteCookie =>
  siteCookie(publicBaseUrl, STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH);
