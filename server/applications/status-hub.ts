import type { Database, Sql } from '../db/database.ts';

export const STATUS_CHANNEL = 'application_status';

/** Inside the transaction that changed an application: delivered to every process on commit. */
export async function announceStatusChange(sql: Sql, applicationId: string): Promise<void> {
  await sql.query('SELECT pg_notify($1, $2)', [STATUS_CHANNEL, applicationId]);
}

export interface StatusHub {
  /** the serialized status as UTF-8 bytes, from memory while nothing has changed */
  body(applicationId: string): Promise<Buffer | null>;
  /** the body from memory, or undefined when it must be built (then ask `body`) */
  cached(applicationId: string): Buffer | undefined;
  subscribe(applicationId: string, onBody: (body: Buffer | null) => void): () => void;
  /**
   * Drops this process's cached body at once. The NOTIFY reaches every process, but it may arrive
   * after this process has answered the request that made the change: without this, the same
   * person could read the old status right after their own change (read-your-writes).
   */
  forget(applicationId: string): void;
  close(): Promise<void>;
}

const MAX_CACHED = 20_000;

/**
 * Status is the hot path: browsers poll it and hold event streams on it. Bodies are cached per
 * application and dropped by the same NOTIFY that feeds the event streams, so every process sees a
 * change as soon as it commits, whichever process made it.
 */
export async function createStatusHub(
  db: Database,
  build: (applicationId: string) => Promise<string | null>,
): Promise<StatusHub> {
  // bytes, not strings: the body has Latvian and Russian letters, and encoding it on every answer
  // was a visible share of the status endpoint's time
  const bodies = new Map<string, Buffer>();
  const generations = new Map<string, number>();
  const subscribers = new Map<string, Set<(body: Buffer | null) => void>>();

  const body = async (applicationId: string): Promise<Buffer | null> => {
    const cached = bodies.get(applicationId);
    if (cached !== undefined) return cached;
    const generation = generations.get(applicationId) ?? 0;
    const text = await build(applicationId);
    const built = text === null ? null : Buffer.from(text);
    // a change announced while building makes this body stale: serve it once, do not keep it
    if (built !== null && (generations.get(applicationId) ?? 0) === generation) {
      if (bodies.size >= MAX_CACHED) bodies.delete(bodies.keys().next().value as string);
      bodies.set(applicationId, built);
    }
    return built;
  };

  const forget = (applicationId: string) => {
    bodies.delete(applicationId);
    generations.set(applicationId, (generations.get(applicationId) ?? 0) + 1);
    if (generations.size > MAX_CACHED * 2) generations.clear();
  };

  const unlisten = await db.listen(STATUS_CHANNEL, (applicationId) => {
    forget(applicationId);
    const listeners = subscribers.get(applicationId);
    if (!listeners?.size) return;
    void body(applicationId).then(
      (next) => listeners.forEach((listener) => listener(next)),
      () => undefined,
    );
  });

  return {
    body,
    cached: (applicationId) => bodies.get(applicationId),
    forget,
    subscribe(applicationId, onBody) {
      let set = subscribers.get(applicationId);
      if (!set) subscribers.set(applicationId, (set = new Set()));
      set.add(onBody);
      return () => {
        set.delete(onBody);
        if (set.size === 0) subscribers.delete(applicationId);
      };
    },
    close: unlisten,
  };
}

/** After a change made outside a transaction: tell every process, and this one at once. */
export async function statusChanged(broker: { db: Sql; hub: StatusHub }, applicationId: string): Promise<void> {
  broker.hub.forget(applicationId);
  await announceStatusChange(broker.db, applicationId);
}
