import type { Broker } from '../broker.ts';
import { deleteExpiredNonces } from '../lenders/database-nonce-store.ts';
import { deleteExpiredHandoffs } from './handoff.ts';
import { afterErasure, eraseWhere, expireWhere } from './lifecycle/transition.ts';

/**
 * Applications whose offers have all run out, or whose token has, end as `expired`, where the lifecycle lets
 * them: signed and paid applications are finished business and are left alone.
 */
export async function expireStaleApplications(broker: Broker): Promise<number> {
  const expired = await expireWhere(
    broker,
    `(a.state = 'offers'
      AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.application_id = a.id AND o.valid_until > now())
      AND NOT EXISTS (SELECT 1 FROM lender_requests r
                      WHERE r.application_id = a.id AND r.state IN ('queued', 'sending', 'sent')))
     OR a.token_expires_at < now()`,
  );
  return expired.length;
}

/**
 * Personal data is kept for the retention period only; then the whole application goes, its uploaded files
 * with it. Nonces and handoff codes past their time, spent or not, go too, and files a crash left without a row.
 */
export async function deleteExpiredData(broker: Broker): Promise<number> {
  const deleted = await eraseWhere(broker.db, 'a.created_at < now() - make_interval(days => $1)', [
    broker.config.retentionDays,
  ]);
  await deleteExpiredNonces(broker.db);
  await deleteExpiredHandoffs(broker.db);
  await afterErasure(broker, deleted);
  await broker.documents.sweepOrphans(broker.db);
  return deleted.length;
}
