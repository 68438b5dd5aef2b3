import type { BrokerConfig } from '../config/config.ts';
import { SMART_ID_API_END_RESULTS } from '../identity/smart-id-client.ts';
import { lenderRegistryOf } from '../lenders/lender-config.ts';
import { SANDBOX_PUBLISHERS } from '../publishers/publisher-config.ts';
import { lenderClockFromEnv, type SandboxClock } from './lenders/clock.ts';
import { lenderDelayFromEnv, type LenderDelay } from './lenders/lender-delay.ts';
import { sandboxLendersConfig } from './lenders/sandbox-lenders-config.ts';
import { startSandboxMailServer, type SandboxMailServer } from './mail/mail-server.ts';

type EndResult = (typeof SMART_ID_API_END_RESULTS)[number];

/** What the sandbox entry reads from its environment, beside the broker's own configuration. */
export interface SandboxConfig {
  /** SANDBOX (default on): mount the simulators of banks, Smart-ID, eParaksts and lenders under /sandbox */
  readonly inProcess: boolean;
  /** SANDBOX_LENDER_DELAY_MS: the sandbox lenders' answer delay */
  readonly lenderDelay: LenderDelay;
  /** SANDBOX_LENDER_PAYOUT_MS: between a contract's signing and its payout, ms; null: the answer delay */
  readonly payoutDelayMs: number | null;
  /** SANDBOX_LENDER_CLOCK: what those delays pass on, real time or a clock the tests move */
  readonly lenderClock: SandboxClock;
  /** LENDERS_BASE_URL: where the sandbox lenders answer (in this process unless set) */
  readonly lendersBaseUrl: string;
  /** SMART_ID_SANDBOX_AUTO: the Smart-ID simulator ends every session with this end result */
  readonly smartIdAutoEndResult: EndResult | null;
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadSandboxConfig(env: Env, publicBaseUrl: string): SandboxConfig {
  const payout = Number(env.SANDBOX_LENDER_PAYOUT_MS);
  const auto = env.SMART_ID_SANDBOX_AUTO;
  return {
    inProcess: env.SANDBOX !== 'off',
    lenderDelay: lenderDelayFromEnv(env.SANDBOX_LENDER_DELAY_MS),
    payoutDelayMs: env.SANDBOX_LENDER_PAYOUT_MS && Number.isFinite(payout) ? payout : null,
    lenderClock: lenderClockFromEnv(env.SANDBOX_LENDER_CLOCK),
    lendersBaseUrl: env.LENDERS_BASE_URL ?? `${publicBaseUrl}/sandbox/lenders`,
    smartIdAutoEndResult: SMART_ID_API_END_RESULTS.find((result) => result === auto) ?? null,
  };
}

/** A broker configuration that names no lenders gets the sandbox's own, and one that names no publishers too. */
export function withSandboxLenders(config: BrokerConfig, sandbox: SandboxConfig): BrokerConfig {
  const publishers = config.publishers.length > 0 ? config.publishers : SANDBOX_PUBLISHERS;
  if (config.lenders.length > 0) return { ...config, publishers };
  return {
    ...config,
    lenders: lenderRegistryOf(sandboxLendersConfig(sandbox.lendersBaseUrl), 'the sandbox lenders'),
    publishers,
  };
}

/**
 * With the simulators in this process, notices that have nowhere else to go go to them: e-mail to the
 * mail catcher (started here: SMTP is not HTTP, so it has a port of its own; the caller closes it) and
 * SMS to the gateway simulator under /sandbox/sms. An SMTP_URL or SMS_URL that is set is kept.
 */
export async function withSandboxMessaging(
  config: BrokerConfig,
  sandbox: SandboxConfig,
): Promise<{ config: BrokerConfig; mailbox: SandboxMailServer | null }> {
  if (!sandbox.inProcess) return { config, mailbox: null };
  const mailbox = config.notices.smtpUrl === null ? await startSandboxMailServer() : null;
  return {
    config: {
      ...config,
      notices: {
        ...config.notices,
        smtpUrl: config.notices.smtpUrl ?? mailbox?.url ?? null,
        smsUrl: config.notices.smsUrl ?? `${config.publicBaseUrl}/sandbox/sms/api/messages`,
      },
    },
    mailbox,
  };
}
