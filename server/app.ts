import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { registerSite } from './site.ts';

export interface AppOptions {
  /** the Vite build with the prerendered pages */
  readonly clientDir: string;
  readonly logger?: boolean;
}

export async function buildApp({ clientDir, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // Query strings may carry tokens and tracking ids; log the path only.
          serializers: { req: (request) => ({ method: request.method, path: request.url.split('?')[0] }) },
        }
      : false,
    trustProxy: true,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
  await registerSite(app, clientDir);
  return app;
}
