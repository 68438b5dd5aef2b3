import type { PgBoss } from 'pg-boss';
import type { Sql } from '../db/database.ts';
import { appliedCount, migrationFiles } from '../db/migrate.ts';

/** The parts readiness names when they fail, in the order the answer lists them. */
export type ReadinessPart = 'shuttingDown' | 'database' | 'migrations' | 'jobQueue';

/** How long readiness waits for the database: a balancer's probe must hear 503, not time out itself. */
export const DATABASE_CHECK_TIMEOUT_MS = 1000;

class CheckTimeout extends Error {
  override readonly name = 'CheckTimeout';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What the database says about itself: whether it answers, and whether every migration file of this code is
 * recorded as applied. One statement does both. Probes that come while one is still waiting share its answer,
 * so a hung database does not gather a queue of probes on the pool.
 */
export function databaseCheck(db: Sql, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): () => Promise<ReadinessPart[]> {
  // the files cannot change under a running process: a new release's migrations come with its code
  const files = migrationFiles();
  let pending: Promise<ReadinessPart[]> | null = null;
  const check = async (): Promise<ReadinessPart[]> => {
    try {
      return (await withTimeout(appliedCount(db, files), timeoutMs)) === files.length ? [] : ['migrations'];
    } catch (error) {
      // no table at all is a database that was never migrated, not one that is down
      return (error as { code?: string }).code === '42P01' ? ['migrations'] : ['database'];
    }
  };
  return () => (pending ??= check().finally(() => (pending = null)));
}

/**
 * Whether pg-boss runs: it was started before the routes were registered (createBroker awaits its start), and it
 * says when it has stopped. pg-boss has no public flag for either.
 */
export function jobQueueCheck(boss: PgBoss): () => ReadinessPart[] {
  let running = true;
  boss.on('stopped', () => {
    running = false;
  });
  return () => (running ? [] : ['jobQueue']);
}
