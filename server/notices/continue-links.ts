import type { Sql } from '../db/database.ts';
import { openCode, signCode } from './signed-codes.ts';

/** A message's continue link works for 30 days unless revoked (log out everywhere, erasure). */
export const CONTINUE_LINK_DAYS = 30;

/** The code of a message's continue link; the link's row is made once per message. */
export async function continueCodeFor(
  sql: Sql,
  lookupKey: Buffer,
  linkId: string,
  applicationId: string,
): Promise<string> {
  await sql.query(
    `INSERT INTO continue_links (id, application_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3)) ON CONFLICT (id) DO NOTHING`,
    [linkId, applicationId, CONTINUE_LINK_DAYS],
  );
  return signCode(lookupKey, 'continue', linkId);
}

/** What a continue link opens: the application, and the lender's documents request when its message was about one. */
export interface ContinueTarget {
  readonly applicationId: string;
  readonly documentRequestId: string | null;
}

/**
 * What a continue code opens; null when forged, revoked, expired, or its application is gone. A link's id is its
 * message's (notice-sender.ts), so the request it points at is the signed message's own, never the address's say.
 */
export async function targetOfContinueCode(sql: Sql, lookupKey: Buffer, code: unknown): Promise<ContinueTarget | null> {
  const linkId = openCode(lookupKey, 'continue', code);
  if (!linkId) return null;
  const [row] = (
    await sql.query<{ application_id: string; document_request_id: string | null }>(
      `SELECT l.application_id, n.document_request_id
       FROM continue_links l JOIN applications a ON a.id = l.application_id
         LEFT JOIN notices n ON n.id = l.id AND n.application_id = l.application_id
       WHERE l.id = $1 AND l.revoked_at IS NULL AND l.expires_at > now() AND a.token_expires_at > now()`,
      [linkId],
    )
  ).rows;
  return row ? { applicationId: row.application_id, documentRequestId: row.document_request_id } : null;
}

/** Spends every link in the person's messages. */
export async function revokeContinueLinksOf(sql: Sql, personKey: string): Promise<void> {
  await sql.query(
    `UPDATE continue_links SET revoked_at = now()
     WHERE revoked_at IS NULL AND application_id IN (SELECT id FROM applications WHERE person_key = $1)`,
    [personKey],
  );
}
