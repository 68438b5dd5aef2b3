import type { onRequestHookHandler } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { ApiProblem } from './problem.ts';

interface Window {
  count: number;
  endsAt: number;
}

/** Beyond this many clients in the map, windows that have ended are swept before a new one is added. */
const SWEEP_ABOVE = 10_000;

/**
 * A per-client limit for the status endpoint, the one the wizard polls: the same rule and answer as
 * @fastify/rate-limit's (a fixed window per client address, IPv6 by its /64 as that plugin groups them, 429
 * rateLimited with retry-after), but a synchronous onRequest hook. The plugin's hook is async, awaiting
 * promises for the key, the limit and the store on every request, which cost the status answer about 5 µs of
 * its 36 µs of server CPU (bench/status-throughput.ts).
 */
export function hotRateLimit(max: number, windowMs: number): onRequestHookHandler {
  const windows = new Map<string, Window>();
  return (request, reply, done) => {
    // an IPv4 address is its own key: normalizeIP's IPv6 test is a long regular expression
    const key = request.ip.includes(':') ? normalizeIP(request.ip) : request.ip;
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      if (!window && windows.size >= SWEEP_ABOVE) {
        for (const [client, ended] of windows) if (ended.endsAt <= now) windows.delete(client);
      }
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    if (++window.count <= max) {
      done();
      return;
    }
    void reply.header('retry-after', Math.ceil((window.endsAt - now) / 1000));
    done(new ApiProblem(429, 'rateLimited'));
  };
}
