/**
 * `npm run bench:staff [-- --applications N] [--runs R] [--only TEXT]`: the staff's queries on a year of a busy broker. A throwaway
 * PostgreSQL 15 cluster, the migrations, `seed:demo`'s 100 000 applications, VACUUM ANALYZE; then every case of
 * bench/staff-query-cases.ts runs twice to warm up and R times (default 15) measured. Prints the seed's time, the
 * database's size and a table of median and p95 milliseconds and rows a case, each against the 200 ms budget of
 * issue 34; exits 1 when a case is over it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { demoContextOf } from '../server/demo/demo-context.ts';
import { seedDemo } from '../server/demo/seed-demo.ts';
import { loadSandboxConfig, withSandboxLenders } from '../server/sandbox/sandbox-config.ts';
import { findSandboxLender } from '../server/sandbox/lenders/catalogue.ts';
import { createFieldCipher } from '../server/security/field-cipher.ts';
import { startCluster } from '../tests/support/postgres-cluster.ts';
import { STAFF_QUERY_CASES, type BenchSample } from './staff-query-cases.ts';

const BUDGET_MS = 200;

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
    seed: { type: 'string', default: 'bench' },
    // an existing database: seeded once when it holds no applications yet, reused as it is afterwards
    'database-url': { type: 'string' },
    // only the cases whose name holds this text; their figures are printed and not kept in bench/results
    only: { type: 'string' },
  },
});

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The rows an answer holds: an array's length, or the first array among its fields'; 1 for anything else. */
function rowsOf(answer: unknown): number {
  if (Array.isArray(answer)) return answer.length;
  if (answer !== null && typeof answer === 'object') {
    const list = Object.values(answer).find(Array.isArray);
    if (list) return list.length;
  }
  return 1;
}

async function sampleOf(
  db: Database,
  now: Date,
  lenderId: string,
): Promise<Omit<BenchSample, 'lenders' | 'publishers'>> {
  const [row] = (
    await db.query<{
      application_id: string;
      staff_id: string;
      person_key: string;
      publisher_id: string;
      called_id: string | null;
    }>(
      `SELECT l.application_id, l.staff_id, a.person_key,
              (SELECT application_id FROM call_requests ORDER BY created_at DESC LIMIT 1) AS called_id,
              (SELECT tracking->>'publisherId' FROM applications WHERE tracking ? 'publisherId'
               GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS publisher_id
       FROM audit_log l JOIN applications a ON a.id = l.application_id
       WHERE l.action = 'application.viewed' ORDER BY l.seq DESC LIMIT 1`,
    )
  ).rows;
  if (!row) throw new Error('the seeded database has no viewed application to sample');
  return {
    now,
    applicationId: row.application_id,
    calledApplicationId: row.called_id ?? row.application_id,
    personKey: row.person_key,
    staffId: row.staff_id,
    publisherId: row.publisher_id,
    lenderId,
  };
}

async function time(
  db: Database,
  sample: BenchSample,
  run: (db: Database, sample: BenchSample) => Promise<unknown>,
  runs: number,
) {
  let rows = 0;
  for (let warm = 0; warm < 2; warm++) rows = rowsOf(await run(db, sample));
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(db, sample);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), rows };
}

// a bulk load's settings: WAL enough that no checkpoint interrupts the seed, and room for its indexes in memory
/** What the bench printed, also kept in bench/results/staff-queries.md. */
const lines: string[] = [];
const say = (line: string): void => {
  console.log(line);
  lines.push(line);
};

const cluster = values['database-url']
  ? { url: values['database-url'], stop: () => undefined }
  : await startCluster(['max_wal_size=8GB', 'checkpoint_timeout=1h', 'shared_buffers=512MB']);
let failed = 0;
try {
  const config = withSandboxLenders(
    loadConfig({
      DATABASE_URL: cluster.url,
      ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      DATA_DIR: 'memory',
    }),
    loadSandboxConfig({}, 'http://127.0.0.1:3000'),
  );
  const db = await openDatabase(config.database);
  await migrate(db);
  const now = new Date();
  const context = demoContextOf(
    config,
    createFieldCipher(config.encryption.keys, config.encryption.currentKeyId),
    values.seed,
    now,
    (id) => findSandboxLender(id)?.delay.medianSeconds,
  );
  const [existing] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications')).rows;
  const seeded = (existing?.n ?? 0) > 0;
  const report = seeded ? undefined : await seedDemo(db, context, { applications: Number(values.applications) });
  const analyzeStart = performance.now();
  // what autovacuum does to a year of rows long before anyone reports on them: statistics, and the visibility map
  // without which an index-only scan still reads every table page (a bulk load leaves none)
  await db.query('VACUUM ANALYZE');
  const analyzeMs = performance.now() - analyzeStart;
  const [size] = (
    await db.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size')
  ).rows;
  const totalRows = report ? Object.values(report.rows).reduce((sum, count) => sum + count, report.auditRecords) : 0;
  say(
    `PostgreSQL ${(await db.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v}, ${config.lenders.length} lenders`,
  );
  say(
    !report
      ? `seed: reused the ${existing?.n} applications already in the database; VACUUM ANALYZE ${(analyzeMs / 1000).toFixed(1)} s; database ${size?.size}`
      : `seed: ${report.applications} applications, ${totalRows} rows (${report.auditRecords} audit records) in ${(report.milliseconds / 1000).toFixed(1)} s (${(report.makingMilliseconds / 1000).toFixed(1)} s of it making rows); VACUUM ANALYZE ${(analyzeMs / 1000).toFixed(1)} s; database ${size?.size}`,
  );
  const sample = {
    ...(await sampleOf(db, now, config.lenders[0]?.id ?? '')),
    lenders: config.lenders,
    publishers: config.publishers,
  };
  const runs = Number(values.runs);
  const cases = STAFF_QUERY_CASES.filter((staffCase) => staffCase.name.includes(values.only ?? ''));
  const width = Math.max(...STAFF_QUERY_CASES.map((c) => c.name.length));
  say(`\n${'query'.padEnd(width)}  median ms     p95 ms     rows  budget ${BUDGET_MS} ms`);
  for (const staffCase of cases) {
    const result = await time(db, sample, staffCase.run, runs);
    const pass = result.p95 <= BUDGET_MS;
    if (!pass) failed++;
    say(
      `${staffCase.name.padEnd(width)}  ${result.median.toFixed(1).padStart(9)}  ${result.p95.toFixed(1).padStart(9)}  ${String(result.rows).padStart(7)}  ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  say(`\n${cases.length - failed} of ${cases.length} within ${BUDGET_MS} ms (p95 of ${runs} warm runs)`);
  say(
    `(machine load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} at the end)`,
  );
  if (values.only === undefined) {
    const results = join(import.meta.dirname, 'results');
    mkdirSync(results, { recursive: true });
    writeFileSync(
      join(results, 'staff-queries.md'),
      `# npm run bench:staff\n\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n`,
    );
  }
  await db.close();
} finally {
  cluster.stop();
}
process.exitCode = failed > 0 ? 1 : 0;
