import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createDatabase, TEST_ENCRYPTION_KEYS } from '../support/broker.ts';
import { freePort } from '../support/postgres-cluster.ts';
import {
  allLendersAnswered,
  identifyByBank,
  servingLenderCount,
  status,
  submit,
  waitForStatus,
} from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * Two broker processes on one PostgreSQL, lenders in a third process. One broker is killed with
 * SIGKILL in the middle of a fan-out and started again: every application must still end, no
 * lender may get an application twice, no offer may be stored twice.
 */

const root = new URL('../../', import.meta.url).pathname;

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lender requests not yet answered: the fan-out still under way. */
async function countPending(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM lender_requests WHERE state IN ('queued', 'sending', 'sent')`,
    );
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

interface LenderStats {
  deliveries: number;
  applications: number;
  callbackAttempts: number;
  callbacksDelivered: number;
}

describe('a broker killed in the middle of a fan-out', () => {
  const children: ChildProcess[] = [];
  let databaseUrl: string;
  let lendersUrl: string;
  const brokers: { port: number; url: string; child?: ChildProcess }[] = [];

  const startBrokerProcess = async (index: number) => {
    const broker = present(brokers[index]);
    broker.child = startProcess('server/sandbox/main.ts', {
      PORT: String(broker.port),
      HOST: '127.0.0.1',
      SERVE_SITE: 'off',
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      LENDERS_BASE_URL: `${lendersUrl}/sandbox/lenders`,
      RATE_LIMIT_SCALE: '1000',
    });
    children.push(broker.child);
    await waitUntilUp(`${broker.url}/api/institutions`);
  };

  beforeAll(async () => {
    databaseUrl = await createDatabase(inject('postgresUrl'));
    const lenderPort = await freePort();
    lendersUrl = `http://127.0.0.1:${lenderPort}`;
    // slow enough answers that the kill lands while callbacks are still due
    children.push(
      startProcess('server/sandbox/lenders/main.ts', { PORT: String(lenderPort), SANDBOX_LENDER_DELAY_MS: '400' }),
    );
    await waitUntilUp(`${lendersUrl}/sandbox/lenders/stats`);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      brokers.push({ port, url: `http://127.0.0.1:${port}` });
    }
    // one after the other: both run the same migrations under an advisory lock
    await Promise.all([startBrokerProcess(0), startBrokerProcess(1)]);
  }, 60_000);

  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('loses nothing and asks no lender twice', async () => {
    const [a, b] = brokers as [(typeof brokers)[number], (typeof brokers)[number]];
    const serving = await servingLenderCount(a.url);
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) tokens.push(await submit(i % 2 ? b.url : a.url));

    // identification finishes on A for the first half: A's workers and B's share their fan-out
    for (const token of tokens.slice(0, 6)) {
      expect(await identifyByBank(a.url, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    }
    const pendingAtKill = await countPending(databaseUrl);
    const killed = present(a.child);
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    for (const token of tokens.slice(6)) {
      expect(await identifyByBank(b.url, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    }
    await startBrokerProcess(0);

    for (const token of tokens) {
      const final = await waitForStatus(b.url, token, allLendersAnswered, 60_000);
      expect(['offers', 'noOffers']).toContain(final.state);
      expect(final.lenders).toHaveLength(serving);
    }

    const stats = (await (await fetch(`${lendersUrl}/sandbox/lenders/stats`)).json()) as Record<string, LenderStats>;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const requests = await client.query<{ lender_id: string; count: number }>(
        'SELECT lender_id, count(*)::int AS count FROM lender_requests GROUP BY lender_id',
      );
      expect(requests.rows).toHaveLength(serving);
      let deliveries = 0;
      let callbackAttempts = 0;
      let callbacksDelivered = 0;
      for (const row of requests.rows) {
        // every lender saw each of our requests as one application
        expect(stats[row.lender_id]?.applications).toBe(row.count);
        expect(row.count).toBe(tokens.length);
        deliveries += stats[row.lender_id]?.deliveries ?? 0;
        callbackAttempts += stats[row.lender_id]?.callbackAttempts ?? 0;
        callbacksDelivered += stats[row.lender_id]?.callbacksDelivered ?? 0;
      }
      const duplicates = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM (
           SELECT application_id, lender_id FROM offers GROUP BY application_id, lender_id HAVING count(*) > 1) d`,
      );
      expect(duplicates.rows[0]?.count).toBe(0);
      const unfinished = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM lender_requests WHERE state IN ('queued', 'sending', 'sent')`,
      );
      expect(unfinished.rows[0]?.count).toBe(0);
      // the kill landed mid fan-out: lender requests were still out when the process died
      expect(pendingAtKill).toBeGreaterThan(0);
      // a delivery repeated after the kill carries the same idempotency key; the lender answered it once
      console.log(
        `kill-restart: ${pendingAtKill} lender requests out at the kill; ` +
          `${tokens.length * serving} lender requests, ${deliveries} deliveries, ` +
          `${callbackAttempts} callback attempts for ${callbacksDelivered} accepted`,
      );
    } finally {
      await client.end();
    }
    expect((await status(a.url, present(tokens[0]))).lenders).toHaveLength(serving);
  }, 120_000);
});
