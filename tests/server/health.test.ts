import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, startBroker, type RunningBroker, type Storage } from '../support/broker.ts';

interface Health {
  readonly status: number;
  readonly body: { status: string; failing?: string[] };
}

async function health(broker: RunningBroker, which: 'live' | 'ready'): Promise<Health> {
  const response = await fetch(`${broker.url}/health/${which}`);
  return { status: response.status, body: (await response.json()) as Health['body'] };
}

/** Asks until the answer is the one wanted or the time is up; the last answer either way. */
async function readyUntil(broker: RunningBroker, wanted: number, withinMs: number): Promise<Health> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await health(broker, 'ready');
    if (answer.status === wanted || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const LAST_MIGRATION = '0029_funnel_speed.sql';

describe.each<Storage>(['pglite', 'postgres'])('health routes (%s)', (storage) => {
  let broker: RunningBroker;

  beforeAll(async () => {
    // per-address limits a hundred times below production's: a rate-limited route refuses within a few requests
    broker = await startBroker({ storage, postgresUrl: inject('postgresUrl'), env: { RATE_LIMIT_SCALE: '0.01' } });
  });
  afterAll(async () => broker.close());

  it('says the process is alive', async () => {
    expect(await health(broker, 'live')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('says it is ready when the database, the migrations and the job queue are', async () => {
    expect(await health(broker, 'ready')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('names the migrations when a migration file of this code is not applied', async () => {
    await broker.broker.db.query('DELETE FROM schema_migrations WHERE name = $1', [LAST_MIGRATION]);
    try {
      expect(await health(broker, 'ready')).toEqual({
        status: 503,
        body: { status: 'unavailable', failing: ['migrations'] },
      });
    } finally {
      await broker.broker.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [LAST_MIGRATION]);
    }
    expect((await health(broker, 'ready')).status).toBe(200);
  });

  it('is never rate-limited, while the API is', async () => {
    const api = await Promise.all(Array.from({ length: 10 }, () => fetch(`${broker.url}/api/lenders`)));
    expect(api.map((response) => response.status)).toContain(429);
    const probes = await Promise.all(
      Array.from({ length: 60 }, (_, index) => health(broker, index % 2 ? 'live' : 'ready')),
    );
    expect(probes.filter((probe) => probe.status !== 200)).toEqual([]);
  });

  it('writes no log line at info level, while the API does', async () => {
    const before = broker.logs.length;
    await fetch(`${broker.url}/api/lenders`);
    expect(broker.logs.slice(before).some((line) => line.includes('/api/lenders'))).toBe(true);
    const afterApi = broker.logs.length;
    await health(broker, 'live');
    await health(broker, 'ready');
    expect(broker.logs.slice(afterApi).filter((line) => line.includes('/health'))).toEqual([]);
  });

  it('goes unready when the job queue stops', async () => {
    // close: false leaves pg-boss's connections for the broker's own close
    await broker.broker.boss.stop({ graceful: false, close: false });
    expect(await health(broker, 'ready')).toEqual({
      status: 503,
      body: { status: 'unavailable', failing: ['jobQueue'] },
    });
    expect((await health(broker, 'live')).status).toBe(200);
  });
});

describe('readiness while PostgreSQL is unreachable', () => {
  let broker: RunningBroker;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    name = new URL(databaseUrl).pathname.slice(1);
    broker = await startBroker({ storage: 'postgres', databaseUrl });
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
    await admin.end();
    await broker.close();
  });

  it('is 503 naming the database while it refuses connections, and 200 once it takes them again', async () => {
    expect((await health(broker, 'ready')).status).toBe(200);
    const heard: string[] = [];
    await broker.broker.db.listen('health_test', (payload) => void heard.push(payload));
    // the database refuses new connections and ends the broker's open ones, as a restarting server does
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    const started = Date.now();
    expect(await health(broker, 'ready')).toEqual({
      status: 503,
      body: { status: 'unavailable', failing: ['database'] },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await health(broker, 'live')).status).toBe(200);

    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
    // the pool replaces the connections it lost
    expect(await readyUntil(broker, 200, 10_000)).toEqual({ status: 200, body: { status: 'ok' } });
    // and listens again on a new connection: status changes reach the event streams as before
    await expect
      .poll(
        async () => {
          await broker.broker.db.query('SELECT pg_notify($1, $2)', ['health_test', 'back']);
          return heard;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toContain('back');
  });
});
