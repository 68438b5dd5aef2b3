/**
 * `npm run seed:demo [-- --applications N] [--seed S] [--force]`: a year of demo applications (100 000 by default)
 * in the database the server uses, through every stage and table a real one passes (server/demo/). Never with
 * NODE_ENV=production; never into a database holding real applications unless --force.
 *
 * The database: DATABASE_URL (PostgreSQL; the server may run meanwhile), else the embedded PGlite in DATA_DIR
 * (.data), which admits one process: stop the server first. ENCRYPTION_KEYS (or DATA_DIR's dev key) seal the demo
 * applicants as the server seals real ones, so the server must share them to read them.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { DemoRefusal, seedDemo } from '../server/demo/seed-demo.ts';
import { demoContextOf } from '../server/demo/demo-context.ts';
import { findSandboxLender } from '../server/sandbox/lenders/catalogue.ts';
import { createFieldCipher } from '../server/security/field-cipher.ts';
import { loadSandboxConfig, withSandboxLenders } from '../server/sandbox/sandbox-config.ts';

const HELP = `npm run seed:demo -- [--applications N] [--seed S] [--force]

Fills the database with N demo applications (default 100000) spread over the last 365 days: identification,
lenders' answers, offers, documents requests, choices, signatures, payouts, messages, call requests, and the
staff's audit log. The same --seed (default "demo") gives the same applications.

  DATABASE_URL set   PostgreSQL; the server may keep running.
  otherwise          the embedded database in DATA_DIR (default .data): stop the server first,
                     PGlite admits one process.

Refuses NODE_ENV=production, and a database with applications that are not demo data unless --force.
Start the server afterwards with RETENTION_DAYS=400: its daily clean-up erases applications older than
RETENTION_DAYS (default 90), which would take most of the year away.`;

async function embeddedServerRunning(port: string): Promise<boolean> {
  const url = process.env.STAFF_SERVER_URL ?? `http://127.0.0.1:${port}`;
  return fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      applications: { type: 'string', default: '100000' },
      seed: { type: 'string', default: 'demo' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (process.env.NODE_ENV === 'production') {
    console.error('seed:demo refuses to run with NODE_ENV=production');
    return 2;
  }
  const applications = Number(values.applications);
  if (!Number.isInteger(applications) || applications < 1) {
    console.error(`--applications takes a whole number above 0\n\n${HELP}`);
    return 2;
  }
  const loaded = loadConfig();
  if (!('url' in loaded.database) && (await embeddedServerRunning(String(loaded.port)))) {
    console.error(
      `a server answers on port ${loaded.port}: stop it first (the embedded database admits one process), or use DATABASE_URL`,
    );
    return 1;
  }
  const config = withSandboxLenders(loaded, loadSandboxConfig(process.env, loaded.publicBaseUrl));
  const db = await openDatabase(config.database);
  try {
    await migrate(db);
    const context = demoContextOf(
      config,
      createFieldCipher(config.encryption.keys, config.encryption.currentKeyId),
      values.seed,
      new Date(),
      // the sandbox's lenders answer as fast as they state; other lenders as banks and non-banks usually do
      (id) => findSandboxLender(id)?.delay.medianSeconds,
    );
    console.log(`seeding ${applications} demo applications (seed ${values.seed}) into ${db.kind} …`);
    const report = await seedDemo(db, context, {
      applications,
      force: values.force,
      onProgress: (done) => {
        if (done % 10_000 === 0) console.log(`  ${done}`);
      },
    });
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `done in ${seconds(report.milliseconds)} s (${seconds(report.makingMilliseconds)} s making rows); rows by table:`,
    );
    for (const [table, count] of Object.entries({ ...report.rows, audit_log: report.auditRecords }))
      console.log(`  ${table.padEnd(18)} ${count}`);
    return 0;
  } catch (error) {
    if (error instanceof DemoRefusal) {
      console.error(`refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error((error as Error).message);
  return 1;
});
