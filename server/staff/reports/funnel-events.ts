import type { FunnelEventBody } from '../../../domain/staff-reports-api.ts';
import type { Sql } from '../../db/database.ts';

/** One use of the calculator or one start of the form, as the site reports it: a row, no person in it. */
export async function recordFunnelEvent(db: Sql, event: FunnelEventBody): Promise<void> {
  await db.query('INSERT INTO funnel_events (kind, product, publisher_id) VALUES ($1, $2, $3)', [
    event.kind,
    event.product,
    event.publisherId ?? null,
  ]);
}
