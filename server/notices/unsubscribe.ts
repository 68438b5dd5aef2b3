import type { Broker } from '../broker.ts';
import { setConsent } from '../account/consents.ts';
import { Refusal } from '../applications/refusal.ts';
import { openCode } from './signed-codes.ts';

/** An unsubscribe link (one click or the page it opens) withdraws the person's e-mail consent. */
export async function unsubscribeByCode(broker: Broker, code: unknown): Promise<void> {
  const noticeId = openCode(broker.config.lookupKey, 'unsubscribe', code);
  const [row] = noticeId
    ? (
        await broker.db.query<{ person_key: string | null }>(
          'SELECT a.person_key FROM notices n JOIN applications a ON a.id = n.application_id WHERE n.id = $1',
          [noticeId],
        )
      ).rows
    : [];
  if (!row?.person_key) throw new Refusal('unknownUnsubscribeLink');
  await setConsent(broker.db, row.person_key, 'email', false, 'unsubscribeLink');
}
