import { PRODUCT_KEYS, PRODUCT_PURPOSE } from '../../../domain/loan-options.ts';
import {
  FUNNEL_STAGES,
  type FunnelAnswer,
  type FunnelCounts,
  type FunnelQuery,
  type FunnelRow,
} from '../../../domain/staff-reports-api.ts';
import type { Sql } from '../../db/database.ts';
import { rigaDayEndSql, rigaDayStartSql, rigaPeriodSql } from './report-period.ts';

/** An application's product, as the site's product pages name them, from its loan purpose (domain/loan-options.ts). */
const PRODUCT_OF_PURPOSE_SQL = `CASE purpose ${PRODUCT_KEYS.filter((product) => product !== 'consumer')
  .map((product) => `WHEN '${PRODUCT_PURPOSE[product]}' THEN '${product}'`)
  .join(' ')} ELSE 'consumer' END`;

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
  const { rows } = await db.query<CountRow>(
    `WITH events AS (
       SELECT ${rigaPeriodSql(unit, 'e.at')} AS period, ${groupOf('e.publisher_id', 'e.product')} AS grp,
         count(*) FILTER (WHERE e.kind = 'calculator') AS calculator,
         count(*) FILTER (WHERE e.kind = 'started') AS started
       FROM funnel_events e WHERE ${eventFilters.join(' AND ')}
       GROUP BY 1, 2),
     offered AS (
       -- an offer comes after its application: the offers of the range hold every offer its applications got
       SELECT DISTINCT o.application_id FROM offers o WHERE o.created_at >= ${rigaDayStartSql('$1')}),
     submitted AS (
       SELECT ${rigaPeriodSql(unit, 'a.created_at')} AS period,
         ${groupOf('a.publisher_id', `(${PRODUCT_OF_PURPOSE_SQL})`)} AS grp,
         count(*) AS submitted,
         count(a.identified_at) AS identified,
         count(offered.application_id) AS offers,
         count(a.chosen_offer_id) AS chosen,
         count(a.signed_at) AS signed,
         count(a.paid_at) AS paid
       FROM applications a LEFT JOIN offered ON offered.application_id = a.id
       WHERE ${applicationFilters.join(' AND ')} AND NOT a.test
       GROUP BY 1, 2)
     SELECT COALESCE(s.period, e.period) AS period, COALESCE(s.grp, e.grp) AS grp,
       COALESCE(e.calculator, 0) AS calculator, COALESCE(e.started, 0) AS started,
       COALESCE(s.submitted, 0) AS submitted, COALESCE(s.identified, 0) AS identified,
       COALESCE(s.offers, 0) AS offers, COALESCE(s.chosen, 0) AS chosen,
       COALESCE(s.signed, 0) AS signed, COALESCE(s.paid, 0) AS paid
     FROM submitted s FULL JOIN events e ON e.period = s.period AND e.grp IS NOT DISTINCT FROM s.grp
     ORDER BY 1, 2`,
    params,
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
