import type pg from 'pg';
import { QUEUES } from '../../server/jobs/queues.ts';

/**
 * What the database saw of the run: where an application's time went between the broker's own
 * steps (from the rows' timestamps, so the driver's and the stream's delays are not in it), and,
 * with --statements, the statements that took the database's time (pg_stat_statements).
 */

export interface ServerSteps {
  /** submission's commit to identification's commit, ms (p50, p95) */
  readonly identifiedMs: readonly [number, number];
  /** identification to the lender request's send, ms */
  readonly sentMs: readonly [number, number];
  /** the send to the lender's answer stored, ms */
  readonly answeredMs: readonly [number, number];
}

/** Of the applications submitted since `since` (the measured run's start, by the database's clock). */
export async function serverSteps(db: pg.Pool, since: Date): Promise<ServerSteps> {
  const { rows } = await db.query<{ step: string; p50: number; p95: number }>(
    `WITH steps AS (
       SELECT extract(epoch FROM a.identified_at - a.created_at) * 1000 AS identified,
              extract(epoch FROM r.sent_at - a.identified_at) * 1000 AS sent,
              extract(epoch FROM r.answered_at - r.sent_at) * 1000 AS answered
       FROM lender_requests r JOIN applications a ON a.id = r.application_id
       WHERE r.sent_at IS NOT NULL AND r.answered_at IS NOT NULL AND a.created_at >= $1)
     SELECT 'identified' AS step, percentile_cont(0.5) WITHIN GROUP (ORDER BY identified) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY identified) AS p95 FROM steps
     UNION ALL SELECT 'sent', percentile_cont(0.5) WITHIN GROUP (ORDER BY sent),
            percentile_cont(0.95) WITHIN GROUP (ORDER BY sent) FROM steps
     UNION ALL SELECT 'answered', percentile_cont(0.5) WITHIN GROUP (ORDER BY answered),
            percentile_cont(0.95) WITHIN GROUP (ORDER BY answered) FROM steps`,
    [since],
  );
  const of = (step: string): readonly [number, number] => {
    const row = rows.find((candidate) => candidate.step === step);
    return [Math.round(Number(row?.p50 ?? 0)), Math.round(Number(row?.p95 ?? 0))];
  };
  return { identifiedMs: of('identified'), sentMs: of('sent'), answeredMs: of('answered') };
}

export interface StatementCost {
  readonly calls: number;
  readonly totalMs: number;
  readonly query: string;
}

/** The statements that took the most of the database's time, and how many statements ran in all. */
export async function topStatements(
  db: pg.Pool,
  by: 'total_exec_time' | 'calls',
  limit = 15,
): Promise<{ calls: number; top: StatementCost[] }> {
  const total = await db.query<{ calls: string }>('SELECT sum(calls)::bigint AS calls FROM pg_stat_statements');
  const { rows } = await db.query<{ calls: string; total_ms: number; query: string }>(
    `SELECT calls, total_exec_time AS total_ms, query FROM pg_stat_statements ORDER BY ${by} DESC LIMIT $1`,
    [limit],
  );
  return {
    calls: Number(total.rows[0]?.calls ?? 0),
    top: rows.map((row) => ({
      calls: Number(row.calls),
      totalMs: Math.round(row.total_ms),
      query: row.query.replace(/\s+/g, ' ').slice(0, 140),
    })),
  };
}

/** pg-boss jobs of each queue per identified application (the holders are not identified). */
export async function jobsPerApplication(db: pg.Pool): Promise<{ queue: string; perApplication: number }[]> {
  const identified = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM applications WHERE identified_at IS NOT NULL',
  );
  const { rows } = await db.query<{ name: string; count: number }>(
    `SELECT name, count(*)::int AS count FROM pgboss.job WHERE name <> ALL($1::text[])
     GROUP BY name ORDER BY name`,
    [[QUEUES.sweep, QUEUES.retention]],
  );
  const applications = Math.max(1, identified.rows[0]?.count ?? 0);
  return rows.map((row) => ({ queue: row.name, perApplication: Math.round((row.count / applications) * 100) / 100 }));
}
