import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, startBroker, type RunningBroker } from '../support/broker.ts';
import { status, submit } from '../support/flow.ts';
import { freePort, postgresBin, startCluster, type Cluster } from '../support/postgres-cluster.ts';

/**
 * The restore drill of docs/operations.md, "Backups and restore", with the scripts of scripts/backup: a
 * cluster archiving its WAL serves the product; an application is submitted, a base backup taken, a
 * second application submitted (it lives only in the archived WAL), the cluster is thrown away. Restored
 * into a new directory with the archive and started, it serves the product again with both applications.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const script = (name: string) => join(root, 'scripts/backup', name);
const bin = postgresBin();
const asRoot = process.getuid?.() === 0;

/** PostgreSQL's programs and the scripts run as the user PostgreSQL runs as: root may not, and owns nothing of it. */
function asPostgres(file: string, args: string[], env: Record<string, string> = {}): string {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, ...env } });
}

/** A directory the postgres user may write in, removed after the test. */
const directories: string[] = [];
function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  directories.push(dir);
  return dir;
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the restore drill', () => {
  let cluster: Cluster | undefined;
  let broker: RunningBroker | undefined;
  let restoredDataDir: string | undefined;

  afterAll(async () => {
    await broker?.close();
    cluster?.stop();
    if (restoredDataDir) {
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', restoredDataDir, '-m', 'immediate', 'stop']);
      } catch {
        // not started, or stopped already
      }
    }
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  });

  it('brings back the applications of the base backup and of the WAL archived after it', async () => {
    const archive = scratch('kk-wal-');
    const backups = scratch('kk-backup-');
    cluster = await startCluster(['archive_mode=on', `archive_command='${script('archive-wal.sh')} ${archive} %p %f'`]);
    const databaseUrl = await createDatabase(cluster.url);
    broker = await startBroker({ storage: 'postgres', databaseUrl });

    const inBackup = await submit(broker.url, { firstname: 'Anna' });
    const before = await status(broker.url, inBackup);

    const backupDir = join(backups, 'base');
    const output = asPostgres('/bin/sh', [script('base-backup.sh'), '--to', backupDir, '--dbname', cluster.url], {
      PG_BIN: bin,
    });
    expect(output).toMatch(/^base-backup: /m);
    expect(readFileSync(join(backupDir, 'backup-info'), 'utf8')).toMatch(/^start wal: /m);

    // after the backup: only the archive has it, once its segment is full (switched) and archived
    const afterBackup = await submit(broker.url, { firstname: 'Pēteris' });
    const afterState = (await status(broker.url, afterBackup)).state;
    const [switched] = await query<{ name: string }>(cluster.url, 'SELECT pg_walfile_name(pg_switch_wal()) AS name');
    await until('the last segment is archived', async () => {
      const [archiver] = await query<{ last: string | null }>(
        cluster?.url ?? '',
        'SELECT last_archived_wal AS last FROM pg_stat_archiver',
      );
      return (archiver?.last ?? '') >= (switched?.name ?? '~');
    });

    await broker.close();
    broker = undefined;
    cluster.stop();
    cluster = undefined;

    const restored = scratch('kk-restored-');
    restoredDataDir = join(restored, 'data');
    asPostgres('/bin/sh', [
      script('restore.sh'),
      '--from',
      backupDir,
      '--data',
      restoredDataDir,
      '--wal-archive',
      archive,
    ]);
    const port = await freePort();
    const serverLog = join(restored, 'log');
    try {
      asPostgres(join(bin, 'pg_ctl'), [
        '-D',
        restoredDataDir,
        '-l',
        serverLog,
        '-w',
        '-o',
        // recovery refuses settings below the original's: startCluster's max_connections is 300
        `-p ${port} -k ${restored} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`,
        'start',
      ]);
    } catch (error) {
      // the server's own words, not pg_ctl's "examine the log output": the log goes with the directory
      throw new Error(`PostgreSQL did not start on the restored directory:\n${readFileSync(serverLog, 'utf8')}`, {
        cause: error,
      });
    }
    const restoredUrl = new URL(databaseUrl);
    restoredUrl.port = String(port);
    // the server may take connections, read-only, while it still replays the archive
    await until('recovery ends', async () => {
      const [row] = await query<{ recovering: boolean }>(
        restoredUrl.toString(),
        'SELECT pg_is_in_recovery() AS recovering',
      );
      return row?.recovering === false;
    });

    broker = await startBroker({ storage: 'postgres', databaseUrl: restoredUrl.toString() });
    const after = await status(broker.url, inBackup);
    expect(after.state).toBe(before.state);
    expect(after.firstName).toBe('Anna');
    const replayed = await status(broker.url, afterBackup);
    expect(replayed.state).toBe(afterState);
    expect(replayed.firstName).toBe('Pēteris');
  }, 90_000);
});
