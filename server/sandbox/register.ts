import type { FastifyInstance } from 'fastify';
import { registerAisSandbox } from './banks/ais.ts';
import { registerBankSandbox } from './banks/plugin.ts';
import { registerEParakstsSandbox } from './eparaksts/plugin.ts';
import { registerLenderSandbox } from './lenders/plugin.ts';
import type { SandboxMailServer } from './mail/mail-server.ts';
import { registerMailSandbox } from './mail/plugin.ts';
import type { SandboxConfig } from './sandbox-config.ts';
import { registerSmartIdSandbox } from './smart-id/plugin.ts';
import { registerSmsSandbox } from './sms/plugin.ts';

export interface SandboxExtras {
  /** the mail catcher to show at /sandbox/mail; it is started, and closed, by whoever started the app */
  readonly mailbox?: SandboxMailServer | null;
}

/**
 * The simulators, mounted under /sandbox of this process for `npm start` and demos. They are
 * reached over HTTP like the real services; tests may run them in a process of their own instead.
 */
export async function registerSandbox(
  app: FastifyInstance,
  config: SandboxConfig,
  extras: SandboxExtras = {},
): Promise<void> {
  await app.register(async (sandbox) => {
    await registerBankSandbox(sandbox, {});
    await registerAisSandbox(sandbox, {});
    await registerSmartIdSandbox(sandbox, {
      ...(config.smartIdAutoEndResult ? { autoEndResult: config.smartIdAutoEndResult } : {}),
    });
    await registerEParakstsSandbox(sandbox, {});
    await registerLenderSandbox(sandbox, {
      delay: config.lenderDelay,
      clock: config.lenderClock,
      ...(config.payoutDelayMs !== null ? { payoutDelayMs: config.payoutDelayMs } : {}),
    });
    await registerSmsSandbox(sandbox);
    if (extras.mailbox) await registerMailSandbox(sandbox, { mailbox: extras.mailbox });
  });
}
