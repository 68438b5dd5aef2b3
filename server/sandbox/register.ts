import type { FastifyInstance } from 'fastify';
import type { BrokerConfig } from '../config/config.ts';
import { registerBankSandbox } from './banks/plugin.ts';
import { registerEParakstsSandbox } from './eparaksts/plugin.ts';
import { registerLenderSandbox } from './lenders/plugin.ts';
import { registerSmartIdSandbox } from './smart-id/plugin.ts';
import { SMART_ID_API_END_RESULTS } from '../identity/smart-id-client.ts';

type EndResult = (typeof SMART_ID_API_END_RESULTS)[number];

/**
 * The simulators, mounted under /sandbox of this process for `npm start` and demos. They are
 * reached over HTTP like the real services; tests may run them in a process of their own instead.
 */
export async function registerSandbox(app: FastifyInstance, config: BrokerConfig): Promise<void> {
  const auto = process.env.SMART_ID_SANDBOX_AUTO;
  await app.register(async (sandbox) => {
    await registerBankSandbox(sandbox, {});
    await registerSmartIdSandbox(sandbox, {
      ...(auto && (SMART_ID_API_END_RESULTS as readonly string[]).includes(auto)
        ? { autoEndResult: auto as EndResult }
        : {}),
    });
    await registerEParakstsSandbox(sandbox, {});
    await registerLenderSandbox(sandbox, {
      delay: config.sandboxLenderDelay,
      ...(config.sandboxPayoutDelayMs !== null ? { payoutDelayMs: config.sandboxPayoutDelayMs } : {}),
    });
  });
}
