import type { Broker } from '../broker.ts';
import { statusChanged } from './status-hub.ts';

/**
 * Applications whose offers have all run out, or whose token has, end as `expired`. Signed and paid
 * applications are finished business and are left alone.
 */
export async function expireStaleApplications(broker: Broker): Promise<number> {
  const expired = await broker.db.query<{ id: string }>(
    `UPDATE applications a SET state = 'expired', updated_at = now()
     WHERE (a.state = 'offers'
            AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.application_id = a.id AND o.valid_until > now())
            AND NOT EXISTS (SELECT 1 FROM lender_requests r
                            WHERE r.application_id = a.id AND r.state IN ('queued', 'sending', 'sent')))
        OR (a.state NOT IN ('signed', 'paid', 'expired') AND a.token_expires_at < now())
     RETURNING a.id`,
  );
  for (const { id } of expired.rows) await statusChanged(broker, id);
  return expired.rows.length;
}

/**
 * Personal data is kept for the retention period only; then the whole application goes. Nonces and
 * handoff codes past their time, spent or not, go too.
 */
export async function deleteExpiredData(broker: Broker): Promise<number> {
  const deleted = await broker.db.query<{ id: string }>(
    'DELETE FROM applications WHERE created_at < now() - make_interval(days => $1) RETURNING id',
    [broker.config.retentionDays],
  );
  await broker.db.query('DELETE FROM partner_nonces WHERE expires_at < now()');
  await broker.db.query('DELETE FROM application_handoffs WHERE expires_at < now()');
  for (const { id } of deleted.rows) await statusChanged(broker, id);
  return deleted.rows.length;
}
