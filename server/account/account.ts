import type { AccountAnswer, AccountApplication } from '../../domain/account-api.ts';
import { CONTINUABLE_STATES } from '../../domain/application-lifecycle.ts';
import type { Broker } from '../broker.ts';
import { Refusal } from '../applications/refusal.ts';
import { buildStatus } from '../applications/status.ts';
import { consentsOf } from './consents.ts';
import { erasuresOf } from './erasure-notices.ts';

/** How many of a person's applications the account lists (newest first). */
const MAX_LISTED = 50;

/**
 * Everything the account shows a logged-in person: their applications (newest first), consents, and the lenders
 * told of their past erasures.
 */
export async function accountOverview(
  broker: Broker,
  personKey: string,
): Promise<Omit<AccountAnswer, 'sessionExpiresAt'>> {
  const rows = (
    await broker.db.query<{
      id: string;
      created_at: Date;
      token_expires_at: Date;
      signed_at: Date | null;
      paid_at: Date | null;
    }>(
      `SELECT id, created_at, token_expires_at, signed_at, paid_at FROM applications WHERE person_key = $1
       ORDER BY created_at DESC LIMIT $2`,
      [personKey, MAX_LISTED],
    )
  ).rows;
  const applications: AccountApplication[] = [];
  let firstName = '';
  for (const row of rows) {
    const status = await buildStatus(broker.db, broker.cipher, broker.lenders, row.id);
    if (!status) continue;
    firstName ||= status.firstName;
    applications.push({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      state: status.state,
      language: status.language,
      loan: status.loan,
      lenders: status.lenders,
      offers: status.offers,
      chosenOfferId: status.chosenOfferId,
      signUrl: status.signUrl,
      signedAt: row.signed_at?.toISOString() ?? null,
      paidAt: row.paid_at?.toISOString() ?? null,
      continuable: CONTINUABLE_STATES.includes(status.state) && row.token_expires_at.getTime() > Date.now(),
    });
  }
  return {
    firstName,
    applications,
    consents: await consentsOf(broker.db, personKey),
    erasures: await erasuresOf(broker, personKey),
  };
}

/** The application if it is this person's; anyone else's, like one that does not exist, is refused alike. */
export async function applicationOfPerson(broker: Broker, personKey: string, applicationId: string): Promise<string> {
  const [row] = (
    await broker.db.query<{ id: string }>(
      'SELECT id FROM applications WHERE id::text = $1 AND person_key = $2 AND token_expires_at > now()',
      [applicationId, personKey],
    )
  ).rows;
  if (!row) throw new Refusal('unknownApplication');
  return row.id;
}
