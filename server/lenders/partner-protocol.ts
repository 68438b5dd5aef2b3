import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Signatures of the broker ↔ lender partner protocol. Each side signs every message it sends with the secret it
 * shares with the other (one secret per lender):
 *
 *   x-kk-partner:   who signs ('kreditkompass' for the broker, the lender id for a lender)
 *   x-kk-timestamp: unix seconds
 *   x-kk-nonce:     16 random bytes, hex
 *   x-kk-signature: hex HMAC-SHA256 over `${timestamp}.${nonce}.${rawBody}`
 *
 * The receiver checks the signature over the raw body bytes as received (before any JSON parsing), rejects
 * timestamps more than five minutes off, and remembers nonces until they would be stale anyway, so a captured
 * message cannot be replayed.
 */

export const BROKER_PARTNER_ID = 'kreditkompass';

export const PARTNER_HEADER = 'x-kk-partner';
export const TIMESTAMP_HEADER = 'x-kk-timestamp';
export const NONCE_HEADER = 'x-kk-nonce';
export const SIGNATURE_HEADER = 'x-kk-signature';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const DEFAULT_MAX_SKEW_SECONDS = 300;

/** A key object a secret: HMAC with one is three times faster than with the raw bytes, checked every call. */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyOf(secret: Buffer): KeyObject {
  let key = keyObjects.get(secret);
  if (!key) keyObjects.set(secret, (key = createSecretKey(secret)));
  return key;
}

function mac(secret: Buffer, timestamp: string, nonce: string, rawBody: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(`${timestamp}.${nonce}.${rawBody}`, 'utf8').digest();
}

export function signPartnerMessage(
  secret: Buffer,
  rawBody: string,
  partner: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    [PARTNER_HEADER]: partner,
    [TIMESTAMP_HEADER]: timestamp,
    [NONCE_HEADER]: nonce,
    [SIGNATURE_HEADER]: mac(secret, timestamp, nonce, rawBody).toString('hex'),
  };
}

/** Node's IncomingHttpHeaders (Fastify's request.headers), a plain record, or fetch's Headers. */
export type PartnerHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: PartnerHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const value = record[name] ?? record[Object.keys(record).find((key) => key.toLowerCase() === name) ?? ''];
  // a repeated header is ambiguous: treat it as absent rather than pick one
  return typeof value === 'string' ? value : undefined;
}

export type PartnerVerification =
  | { ok: true; nonce: string; timestamp: number; partner: string }
  | { ok: false; reason: 'missing' | 'badSignature' | 'stale' };

/**
 * Checks a message's signature and freshness. 'missing': a header is absent or malformed; 'stale': the timestamp
 * is more than `maxSkewSeconds` away from `now`; 'badSignature': the HMAC does not match. The signing partner
 * (x-kk-partner) is returned so the caller can check it against the partner whose secret it used.
 * Replays are the caller's part: pass the nonce to a NonceStore (or use `checkPartnerMessage`).
 */
export function verifyPartnerMessage(
  secret: Buffer,
  headers: PartnerHeaders,
  rawBody: string,
  now = Date.now(),
  maxSkewSeconds = DEFAULT_MAX_SKEW_SECONDS,
): PartnerVerification {
  const partner = header(headers, PARTNER_HEADER);
  const timestamp = header(headers, TIMESTAMP_HEADER);
  const nonce = header(headers, NONCE_HEADER);
  const signature = header(headers, SIGNATURE_HEADER);
  if (!partner || !timestamp || !nonce || !signature) return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{16,128}$/i.test(nonce)) return { ok: false, reason: 'missing' };
  if (!/^[0-9a-f]{64}$/i.test(signature)) return { ok: false, reason: 'badSignature' };
  const expected = mac(secret, timestamp, nonce, rawBody);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'badSignature' };
  }
  const seconds = Number(timestamp);
  if (Math.abs(now / 1000 - seconds) > maxSkewSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, nonce: nonce.toLowerCase(), timestamp: seconds, partner };
}

/** Replay protection: a nonce is accepted once per partner until it expires. */
export interface NonceStore {
  /** Records the nonce; resolves false if it was already seen (and has not expired). */
  remember(partner: string, nonce: string, expiresAt: Date): Promise<boolean>;
}

/** For the sandbox and tests: one process's memory, pruned of expired nonces as it goes. */
export class InMemoryNonceStore implements NonceStore {
  readonly #seen = new Map<string, number>();
  readonly #now: () => number;
  #lastPrune = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get size(): number {
    return this.#seen.size;
  }

  async remember(partner: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const now = this.#now();
    this.#prune(now);
    const key = `${partner}\u0000${nonce.toLowerCase()}`;
    const known = this.#seen.get(key);
    if (known !== undefined && known > now) return false;
    // re-inserted, so the map stays in the order of arrival that #prune relies on
    this.#seen.delete(key);
    this.#seen.set(key, expiresAt.getTime());
    return true;
  }

  clear(): void {
    this.#seen.clear();
  }

  /**
   * At most once a second, from the oldest arrival on, until the first nonce still valid. A nonce expires a
   * fixed time after its message was signed and messages arrive about when they were signed, so the expired
   * ones are at the front; one signed ahead within the allowed skew only delays pruning by that skew.
   * (Pruning the whole map on every call once it held 10,000 nonces cost the sandbox a tenth of its CPU
   * under bench:load, where a five-minute window holds a few hundred thousand.)
   */
  #prune(now: number): void {
    if (now - this.#lastPrune < 1000) return;
    this.#lastPrune = now;
    for (const [key, expiresAt] of this.#seen) {
      if (expiresAt > now) return;
      this.#seen.delete(key);
    }
  }
}

/** When a nonce of a message signed at `timestamp` may be forgotten: once the message is stale anyway. */
export function nonceExpiry(timestamp: number, maxSkewSeconds = DEFAULT_MAX_SKEW_SECONDS): Date {
  return new Date((timestamp + maxSkewSeconds + 1) * 1000);
}

export type PartnerCheck =
  | { ok: true; nonce: string; timestamp: number; partner: string }
  | { ok: false; reason: 'missing' | 'badSignature' | 'stale' | 'replayed' | 'wrongPartner' };

/**
 * Everything a receiver checks: the signature, freshness, that the signer is `expectedPartner`, and that the
 * nonce is new (recorded in `nonces`).
 */
export async function checkPartnerMessage(
  secret: Buffer,
  headers: PartnerHeaders,
  rawBody: string,
  options: { expectedPartner: string; nonces: NonceStore; now?: number; maxSkewSeconds?: number },
): Promise<PartnerCheck> {
  const maxSkewSeconds = options.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS;
  const verified = verifyPartnerMessage(secret, headers, rawBody, options.now ?? Date.now(), maxSkewSeconds);
  if (!verified.ok) return verified;
  if (verified.partner !== options.expectedPartner) return { ok: false, reason: 'wrongPartner' };
  const fresh = await options.nonces.remember(
    verified.partner,
    verified.nonce,
    nonceExpiry(verified.timestamp, maxSkewSeconds),
  );
  return fresh ? verified : { ok: false, reason: 'replayed' };
}
