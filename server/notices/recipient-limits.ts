import type { Sql } from '../db/database.ts';

/**
 * The messages an outside request sets off, each limited per recipient whatever the caller's address: the route's
 * per-address limit stops one caller, this stops many callers aiming at one phone or mailbox. The recipient is
 * only ever a keyed hash (server/security/lookup-keys.ts).
 */
export type OnRequestMessage = 'smsOptOutCode' | 'receiptEmail';

/** How many a recipient gets in an hour: enough for a person who mistyped or lost one, too few to flood anyone. */
export const PER_RECIPIENT_HOUR: Readonly<Record<OnRequestMessage, number>> = {
  smsOptOutCode: 3,
  receiptEmail: 3,
};

/**
 * Inside the caller's transaction: when the recipient got fewer than its hourly allowance of this message, runs
 * `send` (which stores what goes out and says whether anything does) and counts it if so. False when the allowance
 * is spent: nothing was run.
 */
export async function withinRecipientLimit(
  tx: Sql,
  message: OnRequestMessage,
  recipientKey: string,
  send: () => Promise<boolean>,
): Promise<boolean> {
  // one recipient's requests one after another, so that simultaneous ones cannot all pass the count
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${message}:${recipientKey}`]);
  const [sent] = (
    await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM recipient_sends
       WHERE message = $1 AND recipient_key = $2 AND sent_at > now() - interval '1 hour'`,
      [message, recipientKey],
    )
  ).rows;
  if ((sent?.count ?? 0) >= PER_RECIPIENT_HOUR[message]) return false;
  if (await send()) {
    await tx.query('INSERT INTO recipient_sends (message, recipient_key) VALUES ($1, $2)', [message, recipientKey]);
  }
  return true;
}

/** Sends older than the hour they count in: the daily clean-up deletes them. */
export async function deleteOldRecipientSends(sql: Sql): Promise<void> {
  await sql.query("DELETE FROM recipient_sends WHERE sent_at < now() - interval '1 hour'");
}
