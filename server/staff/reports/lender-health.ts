import { DECLINE_REASONS } from '../../../domain/api.ts';
import {
  HEALTH_WINDOWS,
  type HealthWindow,
  type LenderHealth,
  type LenderHealthAnswer,
} from '../../../domain/staff-reports-api.ts';
import type { Sql } from '../../db/database.ts';
import type { LenderEndpoint } from '../../lenders/registry.ts';

export interface LenderHealthParams {
  /** the registry's lenders: each is listed, those without requests too, in this order */
  readonly lenders: readonly Pick<LenderEndpoint, 'id' | 'name'>[];
  /** when the windows end; now by default */
  readonly at?: Date;
}

const WINDOW_SECONDS: Readonly<Record<HealthWindow, number>> = { '24h': 86_400, '30d': 30 * 86_400 };

type HealthRow = {
  lender_id: string;
  requests: string | number;
  offers: string | number;
  declined: string | number;
  timeouts: string | number;
  errors: string | number;
  /** the median and the 95th percentile of the seconds to answer */
  answer_times: readonly (number | string)[] | string | null;
  documents_requested: string | number;
} & Record<`declined_${(typeof DECLINE_REASONS)[number]}`, string | number>;

// a decline the lender gave no known reason for is `other`, as the person's screen shows it
const KNOWN_REASONS = DECLINE_REASONS.filter((reason) => reason !== 'other');
const declineColumns = DECLINE_REASONS.map((reason) =>
  reason === 'other'
    ? `count(*) FILTER (WHERE r.state = 'declined' AND (r.failure IS NULL OR r.failure NOT IN (${KNOWN_REASONS.map((known) => `'${known}'`).join(', ')}))) AS declined_other`
    : `count(*) FILTER (WHERE r.state = 'declined' AND r.failure = '${reason}') AS declined_${reason}`,
).join(',\n         ');

const REQUEST_COLUMNS = [
  'requests',
  'offers',
  'declined',
  'timeouts',
  'errors',
  'answer_times',
  ...DECLINE_REASONS.map((reason) => `declined_${reason}`),
]
  .map((column) => `r.${column}`)
  .join(', ');

/**
 * Each lender's health over the last 24 hours and the last 30 days, from the requests made to it in the window
 * (lender_requests: made when the application was identified): how many it answered itself (an offer or a
 * decline; answered / requests is the answer rate), the median and 95th percentile of the time from the send to
 * that answer, its declines by the protocol's reason categories, the requests that ran out of time and those whose
 * send failed for good, and the documents requests it made in the window. Test applications count too: they test
 * the same connection.
 */
export async function lenderHealthReport(db: Sql, params: LenderHealthParams): Promise<LenderHealthAnswer> {
  const at = params.at ?? new Date();
  const windows = await Promise.all(HEALTH_WINDOWS.map((window) => healthIn(db, params.lenders, at, window)));
  return {
    at: at.toISOString(),
    windows: { '24h': windows[0] ?? [], '30d': windows[1] ?? [] },
  };
}

async function healthIn(
  db: Sql,
  lenders: LenderHealthParams['lenders'],
  at: Date,
  window: HealthWindow,
): Promise<LenderHealth[]> {
  const since = new Date(at.getTime() - WINDOW_SECONDS[window] * 1000);
  // the lenders in two halves of their ids, each half's requests counted on a connection of its own: a month of
  // every lender's requests is too many rows for one process within the report's time
  const ids = lenders.map((lender) => lender.id).sort();
  const pivot = ids[Math.floor(ids.length / 2)];
  const halves = await Promise.all(
    pivot === undefined
      ? [healthRowsIn(db, since, at, {})]
      : [healthRowsIn(db, since, at, { below: pivot }), healthRowsIn(db, since, at, { from: pivot })],
  );
  return healthOfLenders(lenders, halves.flat());
}

/** The health rows of the lenders whose ids are within the bounds (the database's order), in a window. */
async function healthRowsIn(
  db: Sql,
  since: Date,
  at: Date,
  bounds: { readonly from?: string; readonly below?: string },
): Promise<HealthRow[]> {
  const params: unknown[] = [since, at];
  const bound = (column: string) => {
    const conditions: string[] = [];
    if (bounds.from !== undefined) conditions.push(`${column} >= $${params.indexOf(bounds.from) + 1}`);
    if (bounds.below !== undefined) conditions.push(`${column} < $${params.indexOf(bounds.below) + 1}`);
    return conditions.map((condition) => ` AND ${condition}`).join('');
  };
  if (bounds.from !== undefined) params.push(bounds.from);
  if (bounds.below !== undefined) params.push(bounds.below);
  const { rows } = await db.query<HealthRow>(
    // the lenders that ever had a request, one index descent each (a skip scan of lender_requests_lender), then each
    // lender's requests in the window from that index, already apart: no sort of the window's rows by lender
    `WITH RECURSIVE lenders AS (
       (SELECT r.lender_id FROM lender_requests r WHERE true${bound('r.lender_id')} ORDER BY r.lender_id LIMIT 1)
       UNION ALL
       SELECT (SELECT r.lender_id FROM lender_requests r WHERE r.lender_id > l.lender_id${bound('r.lender_id')}
         ORDER BY r.lender_id LIMIT 1)
       FROM lenders l WHERE l.lender_id IS NOT NULL),
     requests AS (
       SELECT l.lender_id, counted.* FROM lenders l CROSS JOIN LATERAL (
         SELECT count(*) AS requests,
           count(*) FILTER (WHERE r.state = 'offer') AS offers,
           count(*) FILTER (WHERE r.state = 'declined') AS declined,
           count(*) FILTER (WHERE r.state = 'timeout') AS timeouts,
           count(*) FILTER (WHERE r.state = 'failed') AS errors,
           -- both percentiles from one sort of the lender's answers
           percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY extract(epoch FROM r.answered_at - r.sent_at))
             FILTER (WHERE r.state IN ('offer', 'declined') AND r.sent_at IS NOT NULL) AS answer_times,
           ${declineColumns}
         FROM lender_requests r
         WHERE r.lender_id = l.lender_id AND r.created_at >= $1 AND r.created_at < $2) counted
       WHERE l.lender_id IS NOT NULL AND counted.requests > 0),
     documents AS (
       SELECT d.lender_id, count(*) AS documents_requested FROM document_requests d
       WHERE d.created_at >= $1 AND d.created_at < $2${bound('d.lender_id')} GROUP BY d.lender_id)
     SELECT COALESCE(r.lender_id, d.lender_id) AS lender_id, ${REQUEST_COLUMNS},
       COALESCE(d.documents_requested, 0) AS documents_requested
     FROM requests r FULL JOIN documents d ON d.lender_id = r.lender_id`,
    params,
  );
  return rows;
}

function healthOfLenders(lenders: LenderHealthParams['lenders'], rows: readonly HealthRow[]): LenderHealth[] {
  const byLender = new Map(rows.map((row) => [row.lender_id, row]));
  // lenders no longer configured still had requests in the window: they are listed after the configured ones
  const names = new Map(lenders.map((lender) => [lender.id, lender.name]));
  const ids = [...lenders.map((lender) => lender.id), ...[...byLender.keys()].filter((id) => !names.has(id)).sort()];
  return ids.map((id) => healthOf(id, names.get(id) ?? id, byLender.get(id)));
}

const num = (value: string | number | null | undefined): number => Number(value ?? 0);
const seconds = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;

/** A float8[] as the drivers give it (node-postgres and PGlite: numbers or numeric text), or its text form. */
function timesOf(value: readonly (number | string)[] | string | null): (number | null)[] {
  if (value === null) return [null, null];
  const items = typeof value === 'string' ? value.replace(/^\{|\}$/g, '').split(',') : value;
  return items.map((item) => (item === null || item === 'NULL' ? null : Number(item)));
}

function healthOf(lenderId: string, name: string, row: HealthRow | undefined): LenderHealth {
  const requests = num(row?.requests);
  const offers = num(row?.offers);
  const declined = num(row?.declined);
  const answered = offers + declined;
  const times = timesOf(row?.answer_times ?? null);
  return {
    lenderId,
    name,
    requests,
    answered,
    offers,
    declined,
    answerRate: requests > 0 ? answered / requests : null,
    medianSeconds: seconds(times[0]),
    p95Seconds: seconds(times[1]),
    declinesByReason: Object.fromEntries(
      DECLINE_REASONS.map((reason) => [reason, num(row?.[`declined_${reason}`])]),
    ) as LenderHealth['declinesByReason'],
    timeouts: num(row?.timeouts),
    errors: num(row?.errors),
    documentsRequested: num(row?.documents_requested),
  };
}
