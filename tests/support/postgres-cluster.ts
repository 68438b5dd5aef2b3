import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL 15 cluster for the storage and job tests, so the test command runs them on
 * a real server as well as on PGlite. TEST_DATABASE_URL points at an existing server instead.
 */
export interface Cluster {
  readonly url: string;
  /** the same database over the server's unix socket, when this process started it */
  readonly socketUrl?: string;
  /** the server's data directory, when this process started it */
  readonly dataDir?: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  throw new Error(
    'PostgreSQL binaries not found under /usr/lib/postgresql (install postgresql, or set TEST_DATABASE_URL)',
  );
}

/** `settings`: extra server settings, `-c name=value` each (the load bench's pg_stat_statements). */
export async function startCluster(settings: readonly string[] = []): Promise<Cluster> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'kk-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: run it as the postgres user then
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300${settings.map((setting) => ` -c ${setting}`).join('')}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@${encodeURIComponent(dir)}:${port}/postgres`,
    dataDir,
    stop() {
      const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], { stdio: 'pipe' });
      else spawnSync(join(bin, 'pg_ctl'), args, { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
