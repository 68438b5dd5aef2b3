import Fastify from 'fastify';
import { registerSandbox } from './register.ts';
import { loadSandboxConfig } from './sandbox-config.ts';
import { LISTEN_BACKLOG } from '../http/listen-backlog.ts';

/**
 * The simulators alone, in a process of their own: banks, Smart-ID, eParaksts, the sixteen lenders
 * and the SMS gateway under /sandbox, for several broker processes to share (they keep their sessions
 * in memory, so every broker must reach the same ones). `node server/sandbox/standalone.ts`; PORT
 * (default 4400), HOST (default 127.0.0.1), SANDBOX_LENDER_DELAY_MS, SMART_ID_SANDBOX_AUTO as for
 * `npm start`. Brokers then run with SANDBOX=off and BANK_LINK_BASE_URL, SMART_ID_BASE_URL,
 * EPARAKSTS_BASE_URL and LENDERS_BASE_URL under http://HOST:PORT/sandbox (README, "Running in containers").
 */
const port = Number(process.env.PORT ?? 4400);
const host = process.env.HOST ?? '127.0.0.1';
const app = Fastify({
  logger: {
    level: process.env.LOG_LEVEL ?? 'info',
    // query strings carry return URLs and codes; log the path only
    serializers: { req: (request) => ({ method: request.method, path: request.url.split('?')[0] }) },
  },
});
await registerSandbox(app, { ...loadSandboxConfig(process.env, `http://${host}:${port}`), inProcess: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host, backlog: LISTEN_BACKLOG });
