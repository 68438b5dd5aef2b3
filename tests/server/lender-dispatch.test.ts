import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, submit, waitForStatus } from '../support/flow.ts';

interface LenderStats {
  deliveries: number;
}

/**
 * The process that identifies an application sends it to the lenders at once, without a job; a lender that
 * asks for a retry gets it from the job queue.
 */
describe.each<Storage>(['pglite', 'postgres'])('sending to the lenders (%s)', (storage) => {
  let broker: RunningBroker;

  const lenderSendJobs = async () =>
    (
      await broker.broker.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'lender-send'`,
      )
    ).rows[0]?.count;
  const stats = async () =>
    (await (await fetch(`${broker.url}/sandbox/lenders/stats`)).json()) as Record<string, LenderStats>;
  const behave = (lenderId: string, mode: string) =>
    fetch(`${broker.url}/sandbox/lenders/${lenderId}/behaviour`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });

  beforeAll(async () => {
    broker = await startBroker({ storage, postgresUrl: inject('postgresUrl'), env: { LENDER_MAX_ATTEMPTS: '3' } });
  });
  afterAll(async () => broker.close());

  it('sends an identified application to every lender with no job queued', async () => {
    const token = await submit(broker.url);
    await identifyByBank(broker.url, token, 'approve');
    const final = await waitForStatus(broker.url, token, allLendersAnswered);
    expect(final.state).toBe('offers');
    expect(await lenderSendJobs()).toBe(0);
  });

  it('retries a lender that failed through the job queue, and gets its answer once it recovers', async () => {
    expect((await behave('gaujas-banka', 'error500')).status).toBe(200);
    const before = (await stats())['gaujas-banka']?.deliveries ?? 0;
    const token = await submit(broker.url);
    await identifyByBank(broker.url, token, 'approve');
    await expect
      .poll(async () => (await stats())['gaujas-banka']?.deliveries, { timeout: 10_000 })
      .toBeGreaterThan(before);
    expect((await behave('gaujas-banka', 'normal')).status).toBe(200);

    const final = await waitForStatus(broker.url, token, allLendersAnswered, 20_000);
    const gaujas = final.lenders.find((lender) => lender.lenderId === 'gaujas-banka');
    expect(gaujas?.progress).toMatch(/^(offer|declined)$/);
    expect((await stats())['gaujas-banka']?.deliveries).toBeGreaterThanOrEqual(before + 2);
    expect(await lenderSendJobs()).toBeGreaterThanOrEqual(1);
  }, 40_000);
});

/** A process that serves HTTP only leaves the sends to the processes that work jobs: it queues one. */
describe('sending from a process that works no jobs (WORKERS=off)', () => {
  let broker: RunningBroker;
  beforeAll(async () => {
    broker = await startBroker({ storage: 'postgres', postgresUrl: inject('postgresUrl'), env: { WORKERS: 'off' } });
  });
  afterAll(async () => broker.close());

  it('queues a lender-send job and leaves the requests queued, unleased, for the workers', async () => {
    const token = await submit(broker.url);
    await identifyByBank(broker.url, token, 'approve');
    const { rows: jobs } = await broker.broker.db.query<{ data: { applicationId: string } }>(
      `SELECT data FROM pgboss.job WHERE name = 'lender-send'`,
    );
    expect(jobs).toHaveLength(1);
    const { rows: requests } = await broker.broker.db.query<{ state: string; lease_until: Date | null }>(
      `SELECT state, lease_until FROM lender_requests WHERE application_id = $1`,
      [jobs[0]?.data.applicationId],
    );
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.state === 'queued' && request.lease_until === null)).toBe(true);
  });
});
