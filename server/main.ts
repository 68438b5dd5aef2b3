import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { startWorkers } from './jobs/workers.ts';

// SERVE_SITE=off serves the API alone (server tests run before the site is built)
const clientDir = process.env.SERVE_SITE === 'off' ? null : fileURLToPath(new URL('../dist/client', import.meta.url));
const config = loadConfig();
const { app, broker } = await buildApp({ clientDir, config });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
// after listening: jobs call the in-process simulators over HTTP
await startWorkers(broker);
