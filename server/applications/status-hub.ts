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

/**
 * The cache holds bodies up to this many bytes, least recently used out first: a count limit let it
 * grow with the bodies' size (an application with fifteen offers is ~10 kB), which was most of a
 * broker's memory growth under load.
 */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;
const MAX_GENERATIONS = 50_000;

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
  let cachedBytes = 0;
  const generations = new Map<string, number>();
  const subscribers = new Map<string, Set<(body: Buffer | null) => void>>();
  /** applications whose streams are being sent a new body: true when another change came meanwhile */
  const pushing = new Map<string, boolean>();

  const drop = (applicationId: string) => {
    const cached = bodies.get(applicationId);
    if (cached === undefined) return;
    bodies.delete(applicationId);
    cachedBytes -= cached.length;
  };

  const keep = (applicationId: string, built: Buffer) => {
    drop(applicationId);
    bodies.set(applicationId, built);
    cachedBytes += built.length;
    while (cachedBytes > MAX_CACHED_BYTES && bodies.size > 1) drop(bodies.keys().next().value as string);
  };

  const cached = (applicationId: string): Buffer | undefined => {
    const hit = bodies.get(applicationId);
    // a read moves the body to the end: the least recently read go first
    if (hit !== undefined && bodies.size > 1) {
      bodies.delete(applicationId);
      bodies.set(applicationId, hit);
    }
    return hit;
  };

  const body = async (applicationId: string): Promise<Buffer | null> => {
    const hit = cached(applicationId);
    if (hit !== undefined) return hit;
    const generation = generations.get(applicationId) ?? 0;
    const text = await build(applicationId);
    const built = text === null ? null : Buffer.from(text);
    // a change announced while building makes this body stale: serve it once, do not keep it
    if (built !== null && (generations.get(applicationId) ?? 0) === generation) keep(applicationId, built);
    return built;
  };

  const forget = (applicationId: string) => {
    drop(applicationId);
    generations.set(applicationId, (generations.get(applicationId) ?? 0) + 1);
    if (generations.size > MAX_GENERATIONS) generations.clear();
  };

  /**
   * Sends the streams of an application its new body. Changes come in bursts (fifteen lenders
   * answering within a second): while one body is built, further changes only ask for one more
   * build after it, so a burst costs two builds, not one per change, and the last body sent is
   * always the latest.
   */
  const push = (applicationId: string) => {
    if (pushing.has(applicationId)) {
      pushing.set(applicationId, true);
      return;
    }
    pushing.set(applicationId, false);
    void body(applicationId)
      .then(
        (next) => subscribers.get(applicationId)?.forEach((listener) => listener(next)),
        () => undefined,
      )
      .finally(() => {
        const again = pushing.get(applicationId) === true;
        pushing.delete(applicationId);
        if (again && subscribers.get(applicationId)?.size) push(applicationId);
      });
  };

  const unlisten = await db.listen(STATUS_CHANNEL, (applicationId) => {
    forget(applicationId);
    if (subscribers.get(applicationId)?.size) push(applicationId);
  });

  return {
    body,
    cached,
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
