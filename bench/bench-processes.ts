/**
 * The processes a bench starts: a build step, the broker serving dist/client on a free port, and Chromium for
 * Lighthouse and the widget benches, each stopped again so that no orphan keeps a port. buildUnlessSkipped and
 * withServer are the frame bench/lighthouse.ts, bench/widgets.ts and bench/offers-responsiveness.ts share.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
// A dependency of lighthouse, not of this project: npm hoists it; with a strict layout it would need declaring.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const HOST = '127.0.0.1';

// The machine is offline and the run must not reach beyond the local server. The --disable-* flags stop most of
// Chromium's own traffic, but it still resolves accounts.google.com, clients2.google.com and update.googleapis.com
// (Debian's wrapper enables remote extensions); the resolver rule makes every host but 127.0.0.1 fail without a DNS
// query.
export const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${HOST}`,
];

export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Lets the OS pick the port so a running dev server on 3000 (or another bench) never collides. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Runs the broker (server/sandbox/main.ts) as production does, so compression and headers are what Lighthouse judges; `env` adds
 * to (or overrides) the server's environment.
 */
export function startServer(port: number, env: Record<string, string> = {}): ChildProcess {
  const server = spawn(process.execPath, ['server/sandbox/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A crash (an unhandled 'error' event inside a library, process.exit from chrome-launcher's SIGINT handler) skips
  // the finally blocks; this still takes the server down instead of leaving it orphaned on the port.
  process.once('exit', () => server.kill('SIGKILL'));
  return server;
}

export async function waitUntilUp(url: string, server: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
}

/** `npm run build`, unless `skip` (BENCH_SKIP_BUILD=1: measure the existing dist/client). */
export async function buildUnlessSkipped(skip: boolean): Promise<void> {
  if (!skip) await run('npm', ['run', 'build']);
}

export const skipBuildFromEnv = (): boolean => process.env.BENCH_SKIP_BUILD === '1';

export interface ServerOptions {
  /** null: a port the OS picks */
  readonly port?: number | null;
  /** added to the server's environment (startServer) */
  readonly env?: Record<string, string>;
  /** how long the server may take to answer its home page */
  readonly upTimeoutMs?: number;
}

/**
 * The broker on the build, `measure` given its origin once it answers, and the server stopped however `measure`
 * ends.
 */
export async function withServer<T>(options: ServerOptions, measure: (origin: string) => Promise<T>): Promise<T> {
  const port = options.port ?? (await findFreePort());
  const origin = `http://${HOST}:${port}`;
  const server = startServer(port, options.env);
  try {
    await waitUntilUp(`${origin}/`, server, options.upTimeoutMs);
    return await measure(origin);
  } finally {
    await stopServer(server);
  }
}

/** SIGTERM lets the server close its sockets; SIGKILL only if it hangs, so no orphan keeps the port. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** chrome-launcher spawns without an 'error' listener, so a wrong path would crash the process instead of rejecting. */
export async function findChrome(): Promise<string> {
  const path = process.env.CHROME_PATH ?? CHROMIUM_PATH;
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new Error(`Chromium is not executable at ${path}; set CHROME_PATH`);
  }
  return path;
}

export async function launchChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: await findChrome(),
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
}
