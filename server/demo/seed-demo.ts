import type { Database } from '../db/database.ts';
import { seedDemoAudit } from './demo-audit.ts';
import { demoApplication, type DemoApplicationSummary } from './demo-application.ts';
import type { DemoContext } from './demo-journey.ts';
import { demoRows, flushDemoRows } from './demo-rows.ts';

/**
 * `npm run seed:demo`: a year of a busy broker's applications in the real tables, for demos and for measuring the
 * staff's queries at scale. Every demo application's idempotency key starts with `demo:`, which is how it is told
 * from a person's.
 */

export const DEMO_KEY_PREFIX = 'demo:';
/** applications a batch: a statement a table each, one transaction */
const BATCH = 1000;

export class DemoRefusal extends Error {}

/**
 * Refuses a database that holds applications of real people (any not made by the seed) unless `force`, and a seed
 * whose applications are there already (their ids would collide: the seed decides them).
 */
export async function checkDemoTarget(db: Database, seed: string, force: boolean): Promise<void> {
  const [found] = (
    await db.query<{ real: boolean; same: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM applications WHERE NOT starts_with(idempotency_key, $1)) AS real,
              EXISTS (SELECT 1 FROM applications WHERE idempotency_key = $2) AS same`,
      [DEMO_KEY_PREFIX, `${DEMO_KEY_PREFIX}${seed}:0`],
    )
  ).rows;
  if (found?.real && !force) {
    throw new DemoRefusal('the database holds applications that are not demo data: seed it only with --force');
  }
  if (found?.same)
    throw new DemoRefusal(`the demo applications of seed ${seed} are there already: choose another --seed`);
}

export interface SeedReport {
  readonly applications: number;
  /** rows written, by table */
  readonly rows: Record<string, number>;
  readonly auditRecords: number;
  readonly milliseconds: number;
  /** of which making the rows (the rest: waiting for the database) */
  readonly makingMilliseconds: number;
}

export async function seedDemo(
  db: Database,
  context: DemoContext,
  options: { readonly applications: number; readonly force?: boolean; readonly onProgress?: (done: number) => void },
): Promise<SeedReport> {
  const started = performance.now();
  await checkDemoTarget(db, context.seed, options.force === true);
  const rows: Record<string, number> = {};
  const summaries: DemoApplicationSummary[] = [];
  let makingMilliseconds = 0;
  // the next batch is made while the last one is written: PostgreSQL works in a process of its own
  let writing: Promise<void> = Promise.resolve();
  for (let from = 0; from < options.applications; from += BATCH) {
    const batch = demoRows();
    const to = Math.min(options.applications, from + BATCH);
    const making = performance.now();
    for (let index = from; index < to; index++) summaries.push(demoApplication(context, batch, index));
    makingMilliseconds += performance.now() - making;
    await writing;
    writing = db
      .transaction((tx) => flushDemoRows(tx, batch))
      .then((written) => {
        for (const [table, count] of Object.entries(written)) rows[table] = (rows[table] ?? 0) + count;
        options.onProgress?.(to);
      });
  }
  await writing;
  const auditRecords = await seedDemoAudit(db, context.seed, context.now, summaries);
  return {
    applications: options.applications,
    rows,
    auditRecords,
    milliseconds: performance.now() - started,
    makingMilliseconds,
  };
}
