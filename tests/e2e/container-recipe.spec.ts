import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sandboxLendersConfig } from '../../server/sandbox/lenders/sandbox-lenders-config.ts';
import { freePort, startCluster, type Cluster } from '../support/postgres-cluster.ts';
import { parseDockerfile } from './support/dockerfile.ts';
import { replayRuntimeStage, type ReplayedImage } from './support/replay-stage.ts';

/**
 * Issue 18: the container recipe cannot rot. There is no Docker here, so this replays the runtime
 * stage of the Dockerfile (its COPY, RUN, ENV, USER, HEALTHCHECK and CMD lines, read from the file)
 * into an empty folder, then starts what compose.yaml starts from that image: the simulators' process
 * and two brokers at once on one empty PostgreSQL, each with the image's CMD. No browser is used.
 */

const repository = process.cwd();
const packageJson = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Node 24 first (the test runner's own), HOME for npm's cache; nothing else of the test's environment. */
const baseEnv = {
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  HOME: process.env.HOME ?? tmpdir(),
};

interface Started {
  readonly child: ChildProcess;
  /** stdout and stderr so far: the JSON log lines, and the reason when it fails to start */
  output(): string;
}

function start([program = '', ...args]: readonly string[], cwd: string, env: Record<string, string>): Started {
  const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitUntilAnswering(url: string, started: Started, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(`exited with ${started.child.exitCode} before ${url} answered:\n${started.output()}`);
    }
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${started.output()}`);
}

/** The exit code of a command run to its end (the image's HEALTHCHECK). */
async function exitCode(command: readonly string[], cwd: string, env: Record<string, string>): Promise<number | null> {
  const { child } = start(command, cwd, env);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Log lines at error (50) or fatal (60): a broker that starts with these is not well. */
const errorLines = (output: string) => output.split('\n').filter((line) => /"level":(5|6)\d/.test(line));

test('the Dockerfile runtime stage installs without dev dependencies and serves from a clean folder', async () => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(join(tmpdir(), 'kk-image-'));
  const running: Started[] = [];
  let cluster: Cluster | null = null;
  try {
    const image: ReplayedImage = await test.step('replay the runtime stage', () =>
      replayRuntimeStage(parseDockerfile(readFileSync(join(repository, 'Dockerfile'), 'utf8')), {
        context: repository,
        folder,
        env: baseEnv,
        npmOptions: ['--prefer-offline'],
      }));

    await test.step('the image is production, non-root, and holds no dev dependency', () => {
      expect(image.env.NODE_ENV).toBe('production');
      expect(image.user).toBeTruthy();
      expect(image.user).not.toMatch(/^(root|0)(:|$)/);
      const installed = (name: string) => existsSync(join(folder, 'node_modules', name, 'package.json'));
      expect(Object.keys(packageJson.devDependencies).filter(installed)).toEqual([]);
      expect(Object.keys(packageJson.dependencies).filter((name) => !installed(name))).toEqual([]);
      // the build's files, not its tools: the site is there, the sources of the browser code are not
      expect(existsSync(join(folder, 'dist/client/index.html'))).toBe(true);
      expect(existsSync(join(folder, 'src'))).toBe(false);
    });

    cluster = await startCluster();
    const databaseUrl = cluster.url;
    const [simulatorsPort, firstPort, secondPort] = [await freePort(), await freePort(), await freePort()];
    const simulators = start(['node', 'server/sandbox/standalone.ts'], folder, {
      ...baseEnv,
      ...image.env,
      PORT: String(simulatorsPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    running.push(simulators);

    // one key for both brokers: they read each other's rows
    const encryptionKeys = `test:${randomBytes(32).toString('base64')}`;
    // the image's CMD is production: it takes its lenders from LENDERS_CONFIG, here the simulators'
    const brokerEnv = (port: number) => ({
      ...baseEnv,
      ...image.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEYS: encryptionKeys,
      LENDERS_CONFIG: JSON.stringify(sandboxLendersConfig(`http://127.0.0.1:${simulatorsPort}/sandbox/lenders`)),
    });
    // two at once on the empty database, as compose starts its two brokers: migrations and pg-boss's
    // schema must not race
    const brokerPorts = [firstPort, secondPort];
    const brokers = brokerPorts.map((port) => start(image.cmd, folder, brokerEnv(port)));
    running.push(...brokers);
    await test.step('the simulators and both brokers start', async () => {
      await Promise.all([
        waitUntilAnswering(`http://127.0.0.1:${simulatorsPort}/sandbox/smart-id/app`, simulators),
        ...brokers.map((broker, index) =>
          waitUntilAnswering(`http://127.0.0.1:${brokerPorts[index] ?? 0}/api/lenders`, broker),
        ),
      ]);
    });

    await test.step('each broker serves the site and the API', async () => {
      for (const port of brokerPorts) {
        const base = `http://127.0.0.1:${port}`;
        const home = await fetch(`${base}/`);
        expect(home.status).toBe(200);
        expect(home.headers.get('content-type')).toContain('text/html');
        expect(await home.text()).toContain('<html lang="lv"');
        const russian = await fetch(`${base}/ru`);
        expect(russian.status).toBe(200);
        expect(await russian.text()).toContain('<html lang="ru"');
        const lenders = await fetch(`${base}/api/lenders`);
        expect(lenders.status).toBe(200);
        expect(((await lenders.json()) as { id: string }[]).length).toBe(16);
        // read from the clean folder's node_modules: the production install has what the server loads
        expect((await fetch(`${base}/api/docs/redoc.standalone.js`)).status).toBe(200);
      }
      for (const broker of brokers) expect(errorLines(broker.output())).toEqual([]);
    });

    await test.step("the image's HEALTHCHECK passes, and fails where nothing listens", async () => {
      const healthcheck = image.healthcheck ?? [];
      expect(healthcheck).not.toEqual([]);
      const healthEnv = (port: number) => ({ ...baseEnv, ...image.env, PORT: String(port) });
      expect(await exitCode(healthcheck, folder, healthEnv(firstPort))).toBe(0);
      expect(await exitCode(healthcheck, folder, healthEnv(await freePort()))).not.toBe(0);
    });
  } finally {
    for (const { child } of running) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    }
    cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
