import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Readiness } from './health.ts';

/**
 * SHUTDOWN_DRAIN_MS: how long a process that was told to stop keeps serving while its readiness says 503, so that
 * the load balancer (probing every second or two) takes it out before it stops accepting connections. Production
 * waits 5 s; elsewhere (a developer's Ctrl-C, the tests) nothing is balanced, and the process closes at once.
 */
export function shutdownDrainMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const fallback = env.NODE_ENV === 'production' ? 5000 : 0;
  return z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(fallback)
    .parse(env.SHUTDOWN_DRAIN_MS || undefined);
}

/** How long the close may wait for open connections before it ends them: the orchestrator's kill comes after. */
const CLOSE_GRACE_MS = 10_000;

/**
 * Closes the app; connections still open after `graceMs` (a client that holds a finished answer's connection, a
 * request stuck on a partner) are ended, so the close finishes and the process exits by itself.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const stragglers = setTimeout(() => {
    app.log.warn('connections still open after the close grace: ending them');
    app.server.closeAllConnections();
  }, graceMs);
  stragglers.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(stragglers);
  }
}

/**
 * On SIGTERM or SIGINT: readiness goes 503 at once, requests are still served for the drain, then the app closes
 * (app.ts and broker.ts: no new connections, open requests answered, event streams ended so their clients reconnect
 * elsewhere, background tasks aborted, pg-boss's workers finish their jobs, the pool closes). A second signal
 * during all that stops the process at once.
 */
export function closeOnSignals(app: FastifyInstance, readiness: Readiness, drainMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    stopping = true;
    readiness.markShuttingDown();
    app.log.info({ signal, drainMs }, 'shutting down: not ready, draining');
    void sleep(drainMs)
      .then(() => closeWithin(app, CLOSE_GRACE_MS))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'close failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
