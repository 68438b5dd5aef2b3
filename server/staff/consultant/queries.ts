import type { ApplicationState } from '../../../domain/api.ts';
import type { Language } from '../../../domain/language.ts';
import type { Sql } from '../../db/database.ts';

/**
 * The consultant's reads that must stay fast on a large table (issue 34: 200 ms on 100 000 applications): the open
 * call queue by slot (call_requests_slot), and the search by id, short id or a contact's keyed hash, limited to
 * applications with a call request (call_requests_application, call_requests_email_key, call_requests_phone_key of
 * migration 0025). Plain functions of a connection, so the bench calls them as the routes do; they return rows as
 * stored, still sealed: consultant.ts opens what a consultant may see.
 */

export const QUEUE_LIMIT = 200;
export const SEARCH_LIMIT = 50;

export interface QueueRow {
  readonly call_request_id: string;
  readonly application_id: string;
  readonly slot_start: Date;
  readonly overdue: boolean;
  readonly question_ciphertext: string | null;
  readonly language: Language;
  readonly state: ApplicationState;
  readonly key_id: string;
  readonly applicant_ciphertext: string | null;
}

/** The waiting call requests, soonest slot first (the overdue ones lead), at most `limit` + 1 to tell truncation. */
export async function callQueueRows(db: Sql, limit: number = QUEUE_LIMIT): Promise<QueueRow[]> {
  return (
    await db.query<QueueRow>(
      `SELECT c.id AS call_request_id, c.application_id, c.slot_start, c.slot_start <= now() AS overdue,
              c.question_ciphertext, c.language, a.state, a.key_id, a.applicant_ciphertext
       FROM call_requests c JOIN applications a ON a.id = c.application_id
       WHERE c.state = 'requested'
       ORDER BY c.slot_start, c.id
       LIMIT $1`,
      [limit + 1],
    )
  ).rows;
}

export interface FoundRow {
  readonly id: string;
  readonly state: ApplicationState;
  readonly created_at: Date;
  readonly key_id: string;
  readonly applicant_ciphertext: string | null;
  readonly call_waiting: boolean;
}

const FOUND_COLUMNS = `a.id, a.state, a.created_at, a.key_id, a.applicant_ciphertext,
  EXISTS (SELECT 1 FROM call_requests w WHERE w.application_id = a.id AND w.state = 'requested') AS call_waiting`;

/** An application by its id, if a call was ever asked for it. */
export async function findByApplicationId(db: Sql, applicationId: string): Promise<FoundRow[]> {
  return (
    await db.query<FoundRow>(
      `SELECT ${FOUND_COLUMNS} FROM applications a
       WHERE a.id = $1 AND EXISTS (SELECT 1 FROM call_requests c WHERE c.application_id = a.id)`,
      [applicationId],
    )
  ).rows;
}

/**
 * Applications whose id begins with the eight hex digits of a short id, if a call was asked for them: a range of
 * the primary key, so the index answers it.
 */
export async function findByShortId(db: Sql, shortId: string, limit: number = SEARCH_LIMIT): Promise<FoundRow[]> {
  const prefix = shortId.toLowerCase();
  return (
    await db.query<FoundRow>(
      `SELECT ${FOUND_COLUMNS} FROM applications a
       WHERE a.id BETWEEN $1::uuid AND $2::uuid
         AND EXISTS (SELECT 1 FROM call_requests c WHERE c.application_id = a.id)
       ORDER BY a.created_at DESC LIMIT $3`,
      [`${prefix}-0000-0000-0000-000000000000`, `${prefix}-ffff-ffff-ffff-ffffffffffff`, limit],
    )
  ).rows;
}

/**
 * Applications whose call request was made with this e-mail's or phone's keyed hash (lookup-keys.ts: emailKeyOf,
 * phoneKeyOf), newest first.
 */
export async function findByContactKey(
  db: Sql,
  kind: 'email' | 'phone',
  key: string,
  limit: number = SEARCH_LIMIT,
): Promise<FoundRow[]> {
  const column = kind === 'email' ? 'email_key' : 'phone_key';
  return (
    await db.query<FoundRow>(
      `SELECT ${FOUND_COLUMNS} FROM applications a
       WHERE a.id IN (SELECT c.application_id FROM call_requests c WHERE c.${column} = $1)
       ORDER BY a.created_at DESC LIMIT $2`,
      [key, limit],
    )
  ).rows;
}
