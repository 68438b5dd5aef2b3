import type { Database, Sql } from '../db/database.ts';
import { noteStatusChange, tracedStatusPush } from '../ops/tracing/status-push-spans.ts';

export const STATUS_CHANNEL = 'application_status';

/** Inside the transaction that changed an application: delivered to every process on commit. */
export async function announceStatusChange(sql: Sql, applicationId: string): Promise<void> {
  noteStatusChange(applicationId);
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
  /**
   * Keeps a body this process made from what it has just written (a new application's), as if built: the
   * first read of it then costs no statement. Ignored once a change to the application was announced.
   */
  remember(applicationId: string, text: string): void;
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
 * How long a change to a watched application waits for the rest of its burst before its body is built and
 * sent: under a person's notice, and it merged about a third of the builds in bench:load.
 */
export const GATHER_MS = 100;

/**
 * Status is the hot path: browsers poll it and hold event streams on it. Bodies are cached per
 * application and dropped by the same NOTIFY that feeds the event streams, so every process sees a
 * change as soon as it commits, whichever process made it.
 */
export async function createStatusHub(
  db: Database,
  build: (applicationId: string) => Promise<string | null>,
  gatherMs = GATHER_MS,
): Promise<StatusHub> {
  const { body, cached, forget, remember } = bodyCache(build);
  const subscribers = new Map<string, Set<(body: Buffer | null) => void>>();
  const { push, stopGathering } = pusher(body, subscribers, gatherMs);

  const unlisten = await db.listen(STATUS_CHANNEL, (applicationId) => {
    forget(applicationId);
    if (subscribers.get(applicationId)?.size) push(applicationId);
  });

  return {
    body,
    cached,
    // a use case forgets right after its change, in the change's context: the push it causes is traced from there
    forget: (applicationId) => {
      noteStatusChange(applicationId);
      forget(applicationId);
    },
    remember,
    subscribe(applicationId, onBody) {
      let set = subscribers.get(applicationId);
      if (!set) subscribers.set(applicationId, (set = new Set()));
      set.add(onBody);
      return () => {
        set.delete(onBody);
        if (set.size === 0) subscribers.delete(applicationId);
      };
    },
    async close() {
      stopGathering();
      await unlisten();
    },
  };
}

/** The bodies this process holds, and the generation of each application's changes that keeps stale ones out. */
function bodyCache(
  build: (applicationId: string) => Promise<string | null>,
): Pick<StatusHub, 'body' | 'cached' | 'forget' | 'remember'> {
  // bytes, not strings: the body has Latvian and Russian letters, and encoding it on every answer
  // was a visible share of the status endpoint's time
  const bodies = new Map<string, Buffer>();
  let cachedBytes = 0;
  const generations = new Map<string, number>();

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

  const remember = (applicationId: string, text: string) => {
    if (!generations.has(applicationId)) keep(applicationId, Buffer.from(text));
  };

  return { body, cached, forget, remember };
}

/**
 * Sends the streams of an application its new body. Changes come in bursts (the identification, then
 * the sends a tenth of a second later; fifteen lenders answering within a second): a change waits
 * GATHER_MS for the others of its burst, and while one body is built, further changes ask for one
 * more build after it. A burst costs one or two builds, not one per change, and the last body sent
 * is always the latest.
 */
function pusher(
  body: StatusHub['body'],
  subscribers: ReadonlyMap<string, ReadonlySet<(body: Buffer | null) => void>>,
  gatherMs: number,
): { push: (applicationId: string) => void; stopGathering: () => void } {
  const pushes = new Map<string, 'gathering' | 'building' | 'again'>();
  const gathering = new Set<NodeJS.Timeout>();
  const push = (applicationId: string) => {
    const now = pushes.get(applicationId);
    if (now === 'building') pushes.set(applicationId, 'again');
    if (now !== undefined) return;
    pushes.set(applicationId, 'gathering');
    const timer = setTimeout(() => {
      gathering.delete(timer);
      pushes.set(applicationId, 'building');
      void tracedStatusPush(applicationId, () =>
        body(applicationId).then(
          (next) => subscribers.get(applicationId)?.forEach((listener) => listener(next)),
          () => undefined,
        ),
      ).finally(() => {
        const again = pushes.get(applicationId) === 'again';
        pushes.delete(applicationId);
        if (again && subscribers.get(applicationId)?.size) push(applicationId);
      });
    }, gatherMs);
    gathering.add(timer);
  };
  const stopGathering = () => {
    for (const timer of gathering) clearTimeout(timer);
    gathering.clear();
  };
  return { push, stopGathering };
}

/** After a change made outside a transaction: tell every process, and this one at once. */
export async function statusChanged(broker: { db: Sql; hub: StatusHub }, applicationId: string): Promise<void> {
  broker.hub.forget(applicationId);
  await announceStatusChange(broker.db, applicationId);
}
