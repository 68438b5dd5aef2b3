import type { CommissionAnswer, CommissionQuery, CommissionRow } from '../../../domain/staff-reports-api.ts';
import type { Sql } from '../../db/database.ts';
import type { LenderEndpoint } from '../../lenders/registry.ts';
import type { PublisherConfig } from '../../publishers/publisher-config.ts';
import { rigaDayEndSql, rigaDayStartSql } from './report-period.ts';

export interface CommissionParams extends CommissionQuery {
  /** the lenders' configuration: their names and commission terms */
  readonly lenders: readonly Pick<LenderEndpoint, 'id' | 'name' | 'commission'>[];
  /** the publishers' configuration: their names and shares */
  readonly publishers: readonly PublisherConfig[];
}

interface CommissionSqlRow {
  month: string;
  lender_id: string;
  publisher_id: string;
  loans: string | number;
  principal: string | number;
  commission: string | number;
  publisher_share: string | number;
}

/**
 * The commissions of the loans paid out in a range of Riga days, a row a month, lender and publisher: each paid
 * loan's principal (its chosen offer's amount) times its lender's percentage plus the lender's fixed amount,
 * rounded to the cent, and the publisher's share of that, rounded to the cent. The terms are the configuration's
 * now, passed to the statement as parameters. Test applications earn nothing.
 */
export async function commissionReport(db: Sql, params: CommissionParams): Promise<CommissionAnswer> {
  const termed = params.lenders.filter((lender) => lender.commission !== undefined);
  const { rows } = await db.query<CommissionSqlRow>(
    `WITH terms AS (
       SELECT * FROM unnest($3::text[], $4::numeric[], $5::numeric[]) AS t(lender_id, percent, fixed)),
     shares AS (SELECT * FROM unnest($6::text[], $7::numeric[]) AS s(publisher_id, percent)),
     -- the range's Riga months, each with the instants it spans: the loans are read a month from the paid index's
     -- range, so no row has its time zone worked out, and counted a lender, publisher and amount (a commission
     -- depends on nothing else), so each sum multiplies a count by a figure rounded as for one loan
     months AS (
       SELECT to_char(d, 'YYYY-MM') AS month, (d AT TIME ZONE 'Europe/Riga') AS starts,
         ((d + interval '1 month') AT TIME ZONE 'Europe/Riga') AS ends
       FROM (SELECT date_trunc('month', $1::date::timestamp) + make_interval(months => i) AS d
         FROM generate_series(0, ((extract(year FROM $2::date) - extract(year FROM $1::date)) * 12
           + extract(month FROM $2::date) - extract(month FROM $1::date))::int) i) m),
     paid AS (
       SELECT m.month, x.lender_id, x.publisher_id, x.amount, x.loans,
         round(x.amount * COALESCE(t.percent, 0) / 100 + COALESCE(t.fixed, 0), 2) AS commission
       FROM months m CROSS JOIN LATERAL (
         SELECT o.lender_id, COALESCE(a.publisher_id, '') AS publisher_id, o.amount, count(*) AS loans
         FROM applications a
         JOIN offers o ON o.id = a.chosen_offer_id
         WHERE a.paid_at >= m.starts AND a.paid_at < m.ends
           AND a.paid_at >= ${rigaDayStartSql('$1')} AND a.paid_at < ${rigaDayEndSql('$2')}
           AND a.paid_at IS NOT NULL AND NOT a.test
         GROUP BY 1, 2, 3) x
       LEFT JOIN terms t ON t.lender_id = x.lender_id)
     SELECT p.month, p.lender_id, p.publisher_id, sum(p.loans) AS loans, sum(p.amount * p.loans) AS principal,
       sum(p.commission * p.loans) AS commission,
       sum(round(p.commission * COALESCE(s.percent, 0) / 100, 2) * p.loans) AS publisher_share
     FROM paid p LEFT JOIN shares s ON s.publisher_id = p.publisher_id
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [
      params.from,
      params.to,
      termed.map((lender) => lender.id),
      termed.map((lender) => lender.commission?.percentOfPrincipal ?? 0),
      termed.map((lender) => lender.commission?.fixedPerLoan ?? 0),
      params.publishers.map((publisher) => publisher.id),
      params.publishers.map((publisher) => publisher.commissionSharePercent),
    ],
  );
  const lenderNames = new Map(params.lenders.map((lender) => [lender.id, lender.name]));
  const publisherNames = new Map(params.publishers.map((publisher) => [publisher.id, publisher.name]));
  return {
    from: params.from,
    to: params.to,
    rows: rows.map((row): CommissionRow => {
      const commission = cents(row.commission);
      const publisherShare = cents(row.publisher_share);
      return {
        month: row.month,
        lenderId: row.lender_id,
        lenderName: lenderNames.get(row.lender_id) ?? row.lender_id,
        publisherId: row.publisher_id,
        publisherName: publisherNames.get(row.publisher_id) ?? row.publisher_id,
        loans: Number(row.loans),
        principal: cents(row.principal),
        commission,
        publisherShare,
        brokerNet: Math.round((commission - publisherShare) * 100) / 100,
      };
    }),
    terms: params.lenders.map((lender) => ({
      lenderId: lender.id,
      name: lender.name,
      percentOfPrincipal: lender.commission?.percentOfPrincipal ?? null,
      fixedPerLoan: lender.commission?.fixedPerLoan ?? null,
    })),
    shares: params.publishers.map((publisher) => ({
      publisherId: publisher.id,
      name: publisher.name,
      commissionSharePercent: publisher.commissionSharePercent,
    })),
  };
}

const cents = (value: string | number): number => Math.round(Number(value) * 100) / 100;
