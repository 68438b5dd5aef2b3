import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { BrokerConfig } from './config/config.ts';
import { startWorkers } from './jobs/workers.ts';
import { LISTEN_BACKLOG } from './http/listen-backlog.ts';
import { startTracing } from './ops/tracing/setup.ts';
import { closeOnSignals, shutdownDrainMs } from './ops/graceful-shutdown.ts';

/** The built site, or null with SERVE_SITE=off (the API alone: server tests run before the build). */
export function siteDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  return env.SERVE_SITE === 'off' ? null : fileURLToPath(new URL('../dist/client', import.meta.url));
}

/** Builds the broker, listens, starts the jobs, and drains and closes cleanly on SIGINT and SIGTERM. */
export async function serve(
  config: BrokerConfig,
  extend?: (app: FastifyInstance) => Promise<void>,
): Promise<FastifyInstance> {
  // before the app: its hooks are added only when tracing is on
  const tracing = await startTracing();
  const { app, broker, readiness } = await buildApp({
    clientDir: siteDirectory(),
    config,
    ...(extend ? { extend } : {}),
  });
  // last of the onClose hooks: the broker's closing spans go out too
  if (tracing) app.addHook('onClose', () => tracing.shutdown());
  closeOnSignals(app, readiness, shutdownDrainMs());
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // after listening: jobs may call simulators mounted in this very process over HTTP
  await startWorkers(broker);
  return app;
}
