import { createHmac, hkdfSync } from 'node:crypto';
import type { ApplicationState } from '../../domain/api.ts';
import {
  reportBoundEnd,
  reportBoundStart,
  type PublisherApplication,
  type PublisherApplicationsAnswer,
  type PublisherTracking,
} from '../../domain/publisher-report.ts';
import type { Broker } from '../broker.ts';

export interface PublisherReportQuery {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly limit: number;
}

/** The campaign keys of `applications.tracking` a publisher gets back; the referrer, `v` and the rest stay here. */
const REPORTED_TRACKING = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'click_ID'] as const;

interface ReportRow extends Partial<Record<(typeof REPORTED_TRACKING)[number], string | null>> {
  id: string;
  key_id: string;
  state: ApplicationState;
  created_at: Date;
}

/**
 * The applications whose tracking names this publisher, newest first. Only the state, the time and
 * the campaign values are read: no personal data, amounts or referrer ever leave the table.
 */
export async function publisherApplications(
  broker: Broker,
  publisherId: string,
  query: PublisherReportQuery,
): Promise<PublisherApplicationsAnswer> {
  const params: unknown[] = [publisherId];
  // a test application (widget in test mode) earns nothing and is no one's business but the tester's
  const conditions = [`tracking->>'publisherId' = $1`, 'NOT test'];
  if (query.from !== undefined) {
    params.push(new Date(reportBoundStart(query.from)));
    conditions.push(`created_at >= $${params.length}`);
  }
  if (query.to !== undefined) {
    params.push(new Date(reportBoundEnd(query.to)));
    conditions.push(`created_at < $${params.length}`);
  }
  params.push(query.limit);
  const trackingColumns = REPORTED_TRACKING.map((key) => `tracking->>'${key}' AS "${key}"`).join(', ');
  // the order matches the index of migration 0004: (tracking->>'publisherId', created_at DESC)
  const rows = (
    await broker.db.query<ReportRow>(
      `SELECT id, key_id, state, created_at, ${trackingColumns}
       FROM applications WHERE ${conditions.join(' AND ')}
       ORDER BY tracking->>'publisherId', created_at DESC, id
       LIMIT $${params.length}`,
      params,
    )
  ).rows;
  const references = referenceMaker(broker);
  return {
    publisherId,
    applications: rows.map((row): PublisherApplication => {
      const tracking: PublisherTracking = {};
      for (const key of REPORTED_TRACKING) {
        const value = row[key];
        if (typeof value === 'string') tracking[key] = value;
      }
      return {
        reference: references(row),
        createdAt: new Date(row.created_at).toISOString(),
        state: row.state,
        tracking,
      };
    }),
  };
}

/**
 * A publisher's handle on an application: the first 16 hex digits of HMAC-SHA256 of its id. The
 * HMAC key is derived (HKDF, its own label) from the encryption key the application's row was
 * sealed with, which never changes for a row and stays configured while the row exists: the
 * reference is stable across key rotation, and without the broker's keys nobody can tell which
 * application it names or link it to the id or token.
 */
export function referenceMaker(broker: Pick<Broker, 'config'>): (row: { id: string; key_id: string }) => string {
  const hmacKeys = new Map<string, Buffer>();
  const hmacKey = (keyId: string): Buffer => {
    let key = hmacKeys.get(keyId);
    if (!key) {
      const { keys, currentKeyId } = broker.config.encryption;
      // a row whose key was retired cannot be read any more; it still gets a (different) reference
      const master = keys.get(keyId) ?? keys.get(currentKeyId);
      if (!master) throw new Error(`encryption key ${keyId} is not configured`);
      key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'kreditkompass publisher reference v1', 32));
      hmacKeys.set(keyId, key);
    }
    return key;
  };
  return (row) => createHmac('sha256', hmacKey(row.key_id)).update(row.id).digest('hex').slice(0, 16);
}
