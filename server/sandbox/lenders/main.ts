import { lenderClockFromEnv } from './clock.ts';
import { lenderDelayFromEnv } from './lender-delay.ts';
import { createLenderSandboxServer } from './plugin.ts';
import { LISTEN_BACKLOG } from '../../http/listen-backlog.ts';

/**
 * The sandbox lenders in a process of their own: `node server/sandbox/lenders/main.ts`.
 * PORT (default 4400), HOST (default 127.0.0.1), SANDBOX_LENDER_DELAY_MS (unset: realistic delays; 0: at once; 2000-8000: one by one within that range),
 * SANDBOX_LENDER_CLOCK (unset: real time; manual: the delays pass only as POST /sandbox/lenders/clock moves them).
 * Lenders then live at http://HOST:PORT/sandbox/lenders/{lenderId}.
 */

const port = Number(process.env.PORT ?? 4400);
const host = process.env.HOST ?? '127.0.0.1';

const app = await createLenderSandboxServer({
  delay: lenderDelayFromEnv(process.env.SANDBOX_LENDER_DELAY_MS),
  clock: lenderClockFromEnv(process.env.SANDBOX_LENDER_CLOCK),
  logger: true,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host, backlog: LISTEN_BACKLOG });
