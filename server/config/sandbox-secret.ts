import { createHmac } from 'node:crypto';

/** Derived once per master and label: a lender's simulator signs and checks every message with its secret. */
const derived = new Map<string, Buffer>();

/**
 * The simulators and the broker need shared secrets (bank return signatures, lender HMAC keys,
 * OAuth client secrets). In the sandbox both sides derive them from one master secret, so no
 * secret file has to be shipped; a real partner's secret comes from the environment instead.
 * The same bytes come back for the same label, so a key object made of them is made once (partner-protocol.ts).
 */
export function deriveSandboxSecret(
  label: string,
  master = process.env.SANDBOX_MASTER_SECRET ?? 'kreditkompass-sandbox',
): Buffer {
  const key = `${master}\u0000${label}`;
  let secret = derived.get(key);
  if (secret === undefined) {
    secret = createHmac('sha256', master).update(label).digest();
    // labels are a few dozen (lenders, banks, services); a bound all the same
    if (derived.size >= 1000) derived.clear();
    derived.set(key, secret);
  }
  return secret;
}
