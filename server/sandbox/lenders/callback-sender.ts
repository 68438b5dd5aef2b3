import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { deriveSandboxSecret } from '../../config/sandbox-secret.ts';
import { signPartnerMessage } from '../../lenders/partner-protocol.ts';
import { keepAlivePools, send } from '../../outbound/keep-alive-client.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
import type { LenderSandboxState } from './sandbox-state.ts';

/**
 * A lender's callbacks to the broker, signed like a real partner's and retried like one would, so the broker's
 * receiver meets the same outages, replays and refusals in tests as in production.
 */

export interface CallbackRetryOptions {
  /** first wait after a failed attempt, ms (default 200) */
  readonly initialMs?: number;
  /** the wait doubles up to this, ms (default 30 000) */
  readonly maxMs?: number;
  /** no new attempt after this long since the first, ms (default 15 minutes) */
  readonly giveUpAfterMs?: number;
  /** one attempt's timeout, ms (default 10 000) */
  readonly attemptTimeoutMs?: number;
}

export interface Callback {
  readonly lenderId: string;
  readonly url: string;
  readonly body: unknown;
  /** sign with a key that is not the lender's (the 'badSignature' behaviour) */
  readonly forgeSignature: boolean;
}

/**
 * Keep-alive connections to the brokers, a pool for each simulated lender: sixteen lenders are sixteen companies,
 * each with its own HTTP client; one pool shared by all of them had their callbacks queue behind each other.
 */
const poolOf = keepAlivePools({ connections: 16 });

export class CallbackSender {
  readonly #state: LenderSandboxState;
  readonly #retry: CallbackRetryOptions;
  readonly #log: FastifyBaseLogger;

  constructor(state: LenderSandboxState, retry: CallbackRetryOptions, log: FastifyBaseLogger) {
    this.#state = state;
    this.#retry = retry;
    this.#log = log;
  }

  /** Signs and posts a callback, retrying with exponential backoff while the broker is unreachable or 5xx/429. */
  async deliver({ lenderId, url, body, forgeSignature }: Callback, signal: AbortSignal): Promise<void> {
    const initialMs = this.#retry.initialMs ?? 200;
    const maxMs = this.#retry.maxMs ?? 30_000;
    const giveUpAfterMs = this.#retry.giveUpAfterMs ?? 15 * 60_000;
    const attemptTimeoutMs = this.#retry.attemptTimeoutMs ?? 10_000;
    const secret = forgeSignature ? deriveSandboxSecret('not-the-lender:' + lenderId) : sandboxLenderSecret(lenderId);
    const raw = JSON.stringify(body);
    const started = Date.now();
    let wait = initialMs;
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) return;
      const stats = this.#state.statsOf(lenderId);
      stats.callbackAttempts += 1;
      let status: number | undefined;
      try {
        // a fresh timestamp and nonce on every attempt: the broker may have recorded the last nonce
        const response = await send(poolOf(lenderId), url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signPartnerMessage(secret, raw, lenderId) },
          body: raw,
          timeoutMs: attemptTimeoutMs,
          signal,
        });
        status = response.status;
      } catch {
        if (signal.aborted) return;
      }
      if (status !== undefined && status < 500 && status !== 429) {
        if (status >= 200 && status < 300) stats.callbacksDelivered += 1;
        else {
          stats.callbacksRefused += 1;
          this.#log.warn({ lenderId, status, attempt }, 'sandbox lender: broker refused the callback');
        }
        return;
      }
      if (Date.now() - started + wait > giveUpAfterMs) {
        this.#log.warn({ lenderId, status, attempt }, 'sandbox lender: callback given up');
        return;
      }
      this.#log.info({ lenderId, status: status ?? 'unreachable', attempt, retryInMs: wait }, 'sandbox lender: retry');
      await sleep(wait, undefined, { signal });
      wait = Math.min(wait * 2, maxMs);
    }
  }
}
