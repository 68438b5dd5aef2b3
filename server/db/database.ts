import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, type Db as IDatabase } from 'pg-boss';
import { tracedDatabase } from '../ops/tracing/db-spans.ts';

/** What the queries need from either PostgreSQL: the embedded PGlite or a real server. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs the callback for every NOTIFY on the channel, from any process on the same database. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** pg-boss's view of the same database (PGlite adapter or a pool of its own). */
  readonly boss: { db?: IDatabase; connectionString?: string; backend: 'pglite' | 'postgres' };
  /** the pool's connections, for the metrics; absent: one connection (PGlite) */
  connections?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseConfig = { readonly url: string } | { readonly dataDir: string | null };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return tracedDatabase('url' in config ? await openPostgres(config.url) : await openPglite(config.dataDir));
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    kind: 'pglite',
    query: (text, params) => db.query(text, params ? [...params] : undefined),
    transaction: (work) =>
      db.transaction((tx) => work({ query: (text, params) => tx.query(text, params ? [...params] : undefined) })),
    listen: async (channel, onPayload) => {
      const unlisten = await db.listen(channel, onPayload);
      return () => unlisten();
    },
    boss: { db: fromPglite(db), backend: 'pglite' },
    close: () => db.close(),
  };
}

/**
 * Named (prepared) statements: each connection parses and plans a query text once, not on every
 * call. The texts are the code's constants, so there are a few hundred; a text beyond the limit
 * (none is expected) runs unnamed rather than growing every connection's statement cache.
 */
const MAX_NAMED = 1000;
const statementNames = new Map<string, string>();
function statement(text: string, params: readonly unknown[] | undefined): pg.QueryConfig | string {
  // without parameters: the simple protocol, which migrations, LISTEN and several statements in one text need
  if (params === undefined) return text;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `kk${statementNames.size}`;
    statementNames.set(text, name);
  }
  return { ...(name === undefined ? {} : { name }), text, values: [...params] };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // an idle client's network error must not crash the process; the pool replaces it
  pool.on('error', () => undefined);
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.PoolClient | null = null;

  let closed = false;

  const ensureListenClient = async (): Promise<pg.PoolClient> => {
    if (listenClient) return listenClient;
    const client = await pool.connect();
    client.on('notification', (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    client.on('error', (error) => {
      if (listenClient !== client) return;
      listenClient = null;
      // released with its error, the pool drops it: kept, it would hold the pool's end (and a slot) forever
      client.release(error);
      void listenAgain();
    });
    listenClient = client;
    return client;
  };

  /**
   * A lost connection (the database restarted) took its LISTENs along: a new one listens to every channel again,
   * tried each second until the database answers, or status changes would never reach this process again.
   */
  let listeningAgain = false;
  const listenAgain = async (): Promise<void> => {
    if (listeningAgain) return;
    listeningAgain = true;
    while (!closed) {
      try {
        const client = await ensureListenClient();
        for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    listeningAgain = false;
  };

  return {
    kind: 'postgres',
    query: async (text, params) => {
      const query = statement(text, params);
      const result = typeof query === 'string' ? await pool.query(query) : await pool.query(query);
      return { rows: result.rows };
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, params) => {
            const query = statement(text, params);
            return { rows: (typeof query === 'string' ? await client.query(query) : await client.query(query)).rows };
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    boss: { connectionString: url, backend: 'postgres' },
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      closed = true;
      listenClient?.release();
      listenClient = null;
      await pool.end();
    },
  };
}
