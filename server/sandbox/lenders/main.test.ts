import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** The sandbox lenders as a process of their own, the way a test runs them apart from the broker. */

let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('server/sandbox/lenders/main.ts', () => {
  it('listens on PORT and serves the lenders', async () => {
    const entry = fileURLToPath(new URL('./main.ts', import.meta.url));
    child = spawn(process.execPath, [entry], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_LENDER_DELAY_MS: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`no listening line: ${output}`)), 10_000);
      running.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      running.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const stats = (await (await fetch(`${url}/sandbox/lenders/stats`)).json()) as Record<string, unknown>;
    expect(Object.keys(stats)).toHaveLength(16);
  }, 15_000);
});
