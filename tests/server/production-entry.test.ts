import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lenderRegistryOf } from '../../server/lenders/lender-config.ts';
import { sandboxLendersConfig } from '../../server/sandbox/lenders/sandbox-lenders-config.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/broker.ts';
import { freePort } from '../support/postgres-cluster.ts';

/** server/main.ts as production runs it: lenders from configuration only, no simulators. */
const root = new URL('../../', import.meta.url).pathname;
const children: ChildProcess[] = [];

function startProduction(env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: 'memory', SERVE_SITE: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not start`);
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the production entry', () => {
  it('refuses to start without a lenders configuration, and says which setting is missing', async () => {
    const { child, stderr } = startProduction({
      PORT: String(await freePort()),
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr()).toContain('set LENDERS_CONFIG or LENDERS_CONFIG_FILE');
  });

  it('serves the API with the configured lenders and mounts no simulator', async () => {
    const port = await freePort();
    const lenders = sandboxLendersConfig('https://lenders.example').slice(0, 3);
    expect(lenderRegistryOf(lenders)).toHaveLength(3);
    startProduction({
      PORT: String(port),
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      LENDERS_CONFIG: JSON.stringify(lenders),
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${url}/api/institutions`);
    expect((await fetch(`${url}/api/institutions`)).status).toBe(200);
    expect((await fetch(`${url}/sandbox/banks`)).status).toBe(404);
    expect((await fetch(`${url}/sandbox/lenders/stats`)).status).toBe(404);
  });
});
