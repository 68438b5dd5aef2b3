import type { FastifyInstance } from 'fastify';
import type { Broker } from '../broker.ts';
import { databaseCheck, jobQueueCheck, type ReadinessPart } from './readiness-checks.ts';

/** What the process tells its health routes beside what they check themselves. */
export interface Readiness {
  /** From now on readiness answers 503: the balancer moves traffic away while the process still serves. */
  markShuttingDown(): void;
}

export interface HealthOptions {
  /** how long the database may take to answer before readiness says it is down */
  readonly databaseTimeoutMs?: number;
}

/**
 * GET /health/live and GET /health/ready, for the load balancer and the container's HEALTHCHECK. Outside /api
 * (they are no part of the contract partners build from), never rate-limited (a balancer probing every second
 * from one address must never see 429), and logged at warn only: a probe a second would drown the request log.
 */
export function registerHealthRoutes(app: FastifyInstance, broker: Broker, options: HealthOptions = {}): Readiness {
  let shuttingDown = false;
  const database = databaseCheck(broker.db, options.databaseTimeoutMs);
  const jobQueue = jobQueueCheck(broker.boss);
  // any close is the end of serving, whether or not a signal announced it first
  app.addHook('preClose', (done) => {
    shuttingDown = true;
    done();
  });
  const noStore = { 'cache-control': 'no-store' };

  app.get('/health/live', { logLevel: 'warn' }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );

  app.get('/health/ready', { logLevel: 'warn' }, async (_request, reply) => {
    const failing: ReadinessPart[] = [
      ...(shuttingDown ? (['shuttingDown'] as const) : []),
      ...(await database()),
      ...jobQueue(),
    ];
    if (failing.length === 0) return reply.headers(noStore).send({ status: 'ok' });
    return reply.code(503).headers(noStore).send({ status: 'unavailable', failing });
  });

  return {
    markShuttingDown() {
      shuttingDown = true;
    },
  };
}
