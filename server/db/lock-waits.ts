import type { Sql } from './database.ts';

/**
 * How many statements of this database that begin with `queryPrefix` are waiting for a lock now (PostgreSQL's
 * pg_stat_activity). Ask it on a connection outside any transaction: within one, the view is fixed at its first look.
 */
export async function statementsWaitingForLock(sql: Sql, queryPrefix: string): Promise<number> {
  const { rows } = await sql.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND starts_with(query, $1)`,
    [queryPrefix],
  );
  return rows[0]?.waiting ?? 0;
}
