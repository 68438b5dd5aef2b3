import { createHmac } from 'node:crypto';

/**
 * The simulators and the broker need shared secrets (bank return signatures, lender HMAC keys,
 * OAuth client secrets). In the sandbox both sides derive them from one master secret, so no
 * secret file has to be shipped; a real partner's secret comes from the environment instead.
 */
export function deriveSandboxSecret(
  label: string,
  master = process.env.SANDBOX_MASTER_SECRET ?? 'kreditkompass-sandbox',
): Buffer {
  return createHmac('sha256', master).update(label).digest();
}
