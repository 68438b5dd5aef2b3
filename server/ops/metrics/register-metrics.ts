import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Broker } from '../../broker.ts';
import { ApiProblem } from '../../http/problem.ts';
import { registerCollectedGauges } from './collected.ts';
import { attachMetrics } from './record.ts';
import { createBrokerMetrics, type BrokerMetrics } from './registry.ts';

/**
 * The broker's Prometheus metrics: its own registry, every request timed, and `GET /metrics` for the scraper when
 * METRICS_TOKEN is set (without it the route does not exist: 404). Call before the routes are added.
 */
export function registerMetrics(app: FastifyInstance, broker: Pick<Broker, 'db' | 'config'>): BrokerMetrics {
  const metrics = createBrokerMetrics();
  attachMetrics(broker.db, metrics);
  registerCollectedGauges(metrics, broker.db);
  app.addHook('onResponse', observeRequest(metrics));
  const token = broker.config.metricsToken;
  if (token) serveMetrics(app, metrics, token);
  return metrics;
}

/**
 * One observation a request, with the route's template as Fastify matched it (never the URL, which carries
 * tokens). A callback hook: the status endpoint's throughput is benched, and an async hook costs a promise.
 */
function observeRequest({ httpDuration }: BrokerMetrics): onResponseHookHandler {
  return (request, reply, done) => {
    httpDuration.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  };
}

/** SHA-256 first: timingSafeEqual needs equal lengths, and the digests' comparison says nothing of the token's. */
const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

function serveMetrics(app: FastifyInstance, metrics: BrokerMetrics, token: string): void {
  const expected = digest(`Bearer ${token}`);
  // a scrape every few seconds is not worth an info line each; not rate-limited (limits are per route, none here)
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const given = request.headers.authorization;
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new ApiProblem(401, 'unauthorized');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
