import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const app = await buildApp({ clientDir });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
