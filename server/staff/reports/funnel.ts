import { PRODUCT_KEYS, PRODUCT_PURPOSE } from '../../../domain/loan-options.ts';
import {
  FUNNEL_STAGES,
  type FunnelAnswer,
  type FunnelCounts,
  type FunnelQuery,
  type FunnelRow,
} from '../../../domain/staff-reports-api.ts';
import type { Sql } from '../../db/database.ts';
import { REPORT_TIME_ZONE, rigaDayEndSql, rigaDayStartSql } from './report-period.ts';

/** An application's product, as the site's product pages name them, from its loan purpose (domain/loan-options.ts). */
const PRODUCT_OF_PURPOSE_SQL = `CASE purpose ${PRODUCT_KEYS.filter((product) => product !== 'consumer')
  .map((product) => `WHEN '${PRODUCT_PURPOSE[product]}' THEN '${product}'`)
  .join(' ')} ELSE 'consumer' END`;

/**
 * Whether an application got an offer, from its state where the lifecycle (domain/application-lifecycle.ts) says:
 * offers, offerChosen, signed and paid come only after an offer arrived, and a choice needs one; an expired
 * application keeps the state it left (expired_from, migration 0029).
 */
const OFFER_BY_STATE_SQL = `a.state IN ('offers', 'offerChosen', 'signed', 'paid') OR a.chosen_offer_id IS NOT NULL
  OR a.expired_from IN ('offers', 'offerChosen')`;

type CountRow = { period: string; grp: string | null } & Record<FunnelStage, string | number>;
type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * The funnel over a range of Riga days, by day or week, optionally split by publisher or product and filtered by
 * either. The calculator and the form's start are counted from funnel_events as they happened; the rest follow the
 * applications submitted in each period (a cohort: an application submitted on Monday and paid on Friday counts as
 * paid on Monday's row), so each row's stages read as a funnel. Test applications (a widget's test mode) count
 * nowhere.
 */
export async function funnelReport(db: Sql, query: FunnelQuery): Promise<FunnelAnswer> {
  const params: unknown[] = [query.from, query.to];
  const groupOf = (publisherColumn: string, productColumn: string): string =>
    query.groupBy === 'publisher'
      ? `COALESCE(${publisherColumn}, '')`
      : query.groupBy === 'product'
        ? productColumn
        : 'NULL::text';
  const applicationFilters = ['a.created_at >= ' + rigaDayStartSql('$1'), 'a.created_at < ' + rigaDayEndSql('$2')];
  const eventFilters = ['e.at >= ' + rigaDayStartSql('$1'), 'e.at < ' + rigaDayEndSql('$2')];
  if (query.publisherId !== undefined) {
    params.push(query.publisherId);
    applicationFilters.push(`a.publisher_id = $${params.length}`);
    eventFilters.push(`e.publisher_id = $${params.length}`);
  }
  if (query.product !== undefined) {
    params.push(query.product);
    applicationFilters.push(`(${PRODUCT_OF_PURPOSE_SQL}) = $${params.length}`);
    eventFilters.push(`e.product = $${params.length}`);
  }
  const unit = query.unit;
  // The range's Riga days or weeks, each with the instants it spans (the database resolves the zone's offset a
  // period, summer time included); each source is counted a period from its index's range for that period, so no
  // row has its time zone worked out nor is hashed into a period. A period without rows gives no row, as a GROUP BY
  // of the rows would.
  const first = unit === 'week' ? `date_trunc('week', $1::date::timestamp)::date` : '$1::date';
  const step = unit === 'week' ? 7 : 1;
  const periods = `(SELECT to_char(d, 'YYYY-MM-DD') AS period,
         (d::timestamp AT TIME ZONE '${REPORT_TIME_ZONE}') AS starts,
         ((d + ${step})::timestamp AT TIME ZONE '${REPORT_TIME_ZONE}') AS ends
       FROM (SELECT ${first} + ${step} * i AS d FROM generate_series(0, ($2::date - ${first}) / ${step}) i) days)`;
  const applicationGroup = groupOf('a.publisher_id', `(${PRODUCT_OF_PURPOSE_SQL})`);
  // the events and the applications are counted at once, on two connections where the database has them, and added
  // up by a third statement over the few rows they give
  const [events, applications] = await Promise.all([
    db.query<CountRow>(
      query.groupBy === 'none' && query.publisherId === undefined && query.product === undefined
        ? everyEventSql(periods)
        : `SELECT p.period, c.* FROM ${periods} p CROSS JOIN LATERAL (
         SELECT ${groupOf('e.publisher_id', 'e.product')} AS grp,
           count(*) FILTER (WHERE e.kind = 'calculator') AS calculator,
           count(*) FILTER (WHERE e.kind = 'started') AS started,
           0 AS submitted, 0 AS identified, 0 AS offers, 0 AS chosen, 0 AS signed, 0 AS paid
         FROM funnel_events e WHERE e.at >= p.starts AND e.at < p.ends AND ${eventFilters.join(' AND ')}
         GROUP BY 1) c`,
      params,
    ),
    db.query<CountRow>(
      `SELECT p.period, c.* FROM ${periods} p CROSS JOIN LATERAL (
         SELECT ${applicationGroup} AS grp,
           0 AS calculator, 0 AS started,
           count(*) AS submitted,
           count(a.identified_at) AS identified,
           count(*) FILTER (WHERE ${OFFER_BY_STATE_SQL}) AS offers,
           count(a.chosen_offer_id) AS chosen,
           count(a.signed_at) AS signed,
           count(a.paid_at) AS paid
         FROM applications a
         WHERE a.created_at >= p.starts AND a.created_at < p.ends AND ${applicationFilters.join(' AND ')}
           AND NOT a.test
         GROUP BY 1) c`,
      params,
    ),
  ]);
  const counted = [...events.rows, ...applications.rows];
  const column = (name: 'period' | 'grp' | FunnelStage) => counted.map((row) => row[name]);
  // summed and ordered by the database, in its collation, as one statement over the rows would
  const { rows } = await db.query<CountRow>(
    `SELECT period, grp,
       sum(calculator) AS calculator, sum(started) AS started, sum(submitted) AS submitted,
       sum(identified) AS identified, sum(offers) AS offers, sum(chosen) AS chosen, sum(signed) AS signed,
       sum(paid) AS paid
     FROM unnest($1::text[], $2::text[], ${FUNNEL_STAGES.map((_, index) => `$${index + 3}::bigint[]`).join(', ')})
       AS counted(period, grp, ${FUNNEL_STAGES.join(', ')})
     GROUP BY period, grp ORDER BY period, grp`,
    [column('period'), column('grp'), ...FUNNEL_STAGES.map((stage) => column(stage))],
  );
  const funnelRows = rows.map((row): FunnelRow => ({ period: row.period, group: row.grp, ...countsOf(row) }));
  return {
    from: query.from,
    to: query.to,
    unit,
    groupBy: query.groupBy,
    rows: funnelRows,
    totals: totalsOf(funnelRows),
  };
}

/**
 * Every browser event a period, neither split nor filtered: each kind counted from its own partial index of the
 * instants alone (funnel_events_calculator and funnel_events_started), which a year's hundreds of thousands of
 * events pass through in half the time of the covering index the split and filtered funnels need. A period
 * without events gives no row, as the covering form's GROUP BY does.
 */
const everyEventSql = (periods: string): string =>
  `SELECT p.period, NULL::text AS grp, calculator.n AS calculator, started.n AS started,
     0 AS submitted, 0 AS identified, 0 AS offers, 0 AS chosen, 0 AS signed, 0 AS paid
   FROM ${periods} p
   CROSS JOIN LATERAL (SELECT count(*) AS n FROM funnel_events e
     WHERE e.kind = 'calculator' AND e.at >= p.starts AND e.at < p.ends AND e.at >= ${rigaDayStartSql('$1')}
       AND e.at < ${rigaDayEndSql('$2')}) calculator
   CROSS JOIN LATERAL (SELECT count(*) AS n FROM funnel_events e
     WHERE e.kind = 'started' AND e.at >= p.starts AND e.at < p.ends AND e.at >= ${rigaDayStartSql('$1')}
       AND e.at < ${rigaDayEndSql('$2')}) started
   WHERE calculator.n + started.n > 0`;

const countsOf = (row: Record<FunnelStage, string | number>): FunnelCounts =>
  Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, Number(row[stage])])) as FunnelCounts;

/** The range's sums a group, in the order the groups first appear. */
function totalsOf(rows: readonly FunnelRow[]): FunnelAnswer['totals'] {
  const totals = new Map<string | null, FunnelCounts & { group: string | null }>();
  for (const row of rows) {
    const total =
      totals.get(row.group) ??
      ({ group: row.group, ...Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, 0])) } as FunnelCounts & {
        group: string | null;
      });
    for (const stage of FUNNEL_STAGES) total[stage] += row[stage];
    totals.set(row.group, total);
  }
  return [...totals.values()].sort((a, b) => (a.group ?? '').localeCompare(b.group ?? ''));
}
