import { Gauge } from 'prom-client';
import type { Database } from '../../db/database.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { BrokerMetrics } from './registry.ts';

interface QueueRow {
  readonly queue: string;
  readonly queued: number;
  readonly active: number;
  readonly oldest: number;
}

/**
 * The queues' depths from pg-boss's job table, read at scrape time: pg-boss's getQueues() answers counts its
 * supervisor caches, which a process that works no jobs never refreshes. `queued` is pg-boss's created and retry
 * (deferred jobs too, as its queuedCount); the oldest job's age is how long the longest-waiting job that may run
 * now has waited since it could, so a message deferred on purpose does not look late.
 */
const QUEUE_SQL = `
  SELECT q.name AS queue,
    count(j.id) FILTER (WHERE j.state < 'active')::int AS queued,
    count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
    COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.state < 'active' AND j.start_after <= now())), 0)::float8 AS oldest
  FROM unnest($1::text[]) AS q(name)
  LEFT JOIN pgboss.job j ON j.name = q.name AND j.state <= 'active'
  GROUP BY q.name`;

/** The gauges read at scrape time: the job queues and the database pool. */
export function registerCollectedGauges(metrics: BrokerMetrics, db: Database): void {
  const registers = [metrics.registry];
  // both queue gauges come from one query a scrape: prom-client collects every metric of a scrape at once
  let reading: Promise<readonly QueueRow[]> | null = null;
  const queues = () =>
    (reading ??= db
      .query<QueueRow>(QUEUE_SQL, [Object.values(QUEUES)])
      .then(({ rows }) => rows)
      .finally(() => (reading = null)));
  new Gauge({
    name: 'kk_queue_jobs',
    help: 'Jobs in each pg-boss queue: queued (created or retry) and active',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const row of await queues()) {
        this.set({ queue: row.queue, state: 'queued' }, row.queued);
        this.set({ queue: row.queue, state: 'active' }, row.active);
      }
    },
  });
  new Gauge({
    name: 'kk_queue_oldest_job_age_seconds',
    help: 'How long the oldest job that may run now has waited, by queue',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      for (const row of await queues()) this.set({ queue: row.queue }, row.oldest);
    },
  });
  new Gauge({
    name: 'kk_db_pool_connections',
    help: "The database pool's connections: total, idle, and callers waiting for one (PGlite: one connection)",
    labelNames: ['state'],
    registers,
    collect() {
      const pool = db.connections?.() ?? { total: 1, idle: 0, waiting: 0 };
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
}
