import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENCRYPTION_KEYS } from '../support/broker.ts';
import { submit } from '../support/flow.ts';
import { freePort } from '../support/postgres-cluster.ts';

const root = new URL('../../', import.meta.url).pathname;
const DRAIN_MS = 1500;

async function readyStatus(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/health/ready`);
  return { status: response.status, body: await response.json() };
}

/** The broker's real entry, told to stop with SIGTERM while a status stream is open. */
describe('a broker told to stop', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['server/sandbox/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        SERVE_SITE: 'off',
        DATA_DIR: 'memory',
        ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        SANDBOX_LENDER_DELAY_MS: '0',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 80_000;
    for (;;) {
      const ready = await readyStatus(url).catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error('the broker was not ready in 80 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // PGlite's start and the migrations take long on a busy machine
  }, 90_000);
  afterAll(() => {
    child.kill('SIGKILL');
  });

  it('goes unready at once, serves through the drain, ends its status streams, and exits cleanly', async () => {
    const token = await submit(url);
    const stream = await fetch(`${url}/api/applicationStatusEvents?token=${token}`);
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain('event: status');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const signalled = Date.now();
    child.kill('SIGTERM');
    await expect
      .poll(() => readyStatus(url), { timeout: 1000, interval: 50 })
      .toEqual({ status: 503, body: { status: 'unavailable', failing: ['shuttingDown'] } });
    // still serving: the balancer needs the drain to move traffic away
    expect((await fetch(`${url}/api/lenders`)).status).toBe(200);
    expect((await fetch(`${url}/health/live`)).status).toBe(200);

    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    // ended by the server after the drain, telling the client to reconnect soon (to another process)
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    expect(rest).toContain('retry: 500');
    expect(await exited).toBe(0);
  });
});
