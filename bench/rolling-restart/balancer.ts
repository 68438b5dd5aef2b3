import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';

/**
 * A round-robin load balancer for the rolling-restart bench, as a production one behaves: it probes each broker's
 * /health/ready and sends nothing to one that answers 503 or does not answer; a request refused at connection (the
 * broker has stopped listening) goes to the next broker, since it never reached the first. Bodies and event streams
 * pass through as they come.
 */

export interface Balancer {
  readonly url: string;
  /** requests that went to another broker after a refused connection */
  readonly rerouted: number;
  /** requests answered 502: no broker could be reached, or one failed mid-answer */
  readonly badGateway: number;
  close(): Promise<void>;
}

/** Headers of one hop: never passed on (RFC 9110 §7.6.1); undici refuses to send some of them. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

const forwardable = (headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string | string[]] => entry[1] !== undefined && !HOP_BY_HOP.has(entry[0]),
    ),
  );

interface Backend {
  readonly origin: string;
  ready: boolean;
}

const refusedConnection = (error: unknown) => (error as { code?: string }).code === 'ECONNREFUSED';

async function readBody(incoming: IncomingMessage): Promise<Buffer | undefined> {
  if (incoming.method === 'GET' || incoming.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBalancer(port: number, origins: readonly string[], probeMs = 250): Promise<Balancer> {
  const backends: Backend[] = origins.map((origin) => ({ origin, ready: false }));
  const agent = new Agent({ connections: 1024, keepAliveTimeout: 4000, headersTimeout: 0, bodyTimeout: 0 });
  const probeAgent = new Agent({ connections: 2, headersTimeout: 1000, bodyTimeout: 1000 });
  let closed = false;
  let next = 0;
  let rerouted = 0;
  let badGateway = 0;

  const probe = async (backend: Backend) => {
    try {
      const response = await request(`${backend.origin}/health/ready`, { dispatcher: probeAgent });
      await response.body.dump();
      backend.ready = response.statusCode === 200;
    } catch {
      backend.ready = false;
    }
  };
  const probing = (async () => {
    while (!closed) {
      await Promise.all(backends.map(probe));
      await sleep(probeMs);
    }
  })();

  /** The next ready broker in turn; while none is ready (both restarting at once), the request waits a little. */
  const pick = async (skip: ReadonlySet<Backend>): Promise<Backend | undefined> => {
    for (let waited = 0; waited <= 5000; waited += 50) {
      const candidates = backends.filter((backend) => backend.ready && !skip.has(backend));
      if (candidates.length > 0) return candidates[next++ % candidates.length];
      await sleep(50);
    }
    return undefined;
  };

  const forward = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const body = await readBody(incoming);
    const tried = new Set<Backend>();
    for (;;) {
      const backend = await pick(tried);
      if (!backend) break;
      tried.add(backend);
      const aborted = new AbortController();
      outgoing.once('close', () => aborted.abort());
      try {
        const answer = await request(`${backend.origin}${incoming.url ?? '/'}`, {
          method: (incoming.method ?? 'GET') as 'GET',
          headers: forwardable(incoming.headers),
          ...(body ? { body } : {}),
          dispatcher: agent,
          signal: aborted.signal,
        });
        outgoing.writeHead(answer.statusCode, forwardable(answer.headers));
        outgoing.flushHeaders();
        await pipeline(answer.body, outgoing).catch(() => outgoing.destroy());
        return;
      } catch (error) {
        if (aborted.signal.aborted) return;
        if (!refusedConnection(error)) break;
        backend.ready = false;
        rerouted += 1;
      }
    }
    badGateway += 1;
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
    outgoing.end('{"error":"badGateway"}');
  };

  const server = createServer({ requestTimeout: 0, keepAliveTimeout: 30_000 }, (incoming, outgoing) => {
    void forward(incoming, outgoing).catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // the first answer waits for the first probe
  await Promise.all(backends.map(probe));
  return {
    url: `http://127.0.0.1:${port}`,
    get rerouted() {
      return rerouted;
    },
    get badGateway() {
      return badGateway;
    },
    async close() {
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await probing;
      await agent.close();
      await probeAgent.close();
    },
  };
}
