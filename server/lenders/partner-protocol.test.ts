import { describe, expect, it } from 'vitest';
import {
  BROKER_PARTNER_ID,
  checkPartnerMessage,
  InMemoryNonceStore,
  nonceExpiry,
  signPartnerMessage,
  verifyPartnerMessage,
} from './partner-protocol.ts';
import { sandboxLenderSecret } from '../sandbox/lenders/sandbox-lenders-config.ts';

const secret = sandboxLenderSecret('gaujas-banka');
const body = JSON.stringify({ hello: 'sveiki', n: 1 });
const now = Date.UTC(2026, 4, 4, 9, 30);

describe('signPartnerMessage', () => {
  it('sets the four headers: partner, unix-second timestamp, 16-byte hex nonce, hex HMAC-SHA256', () => {
    const headers = signPartnerMessage(secret, body, BROKER_PARTNER_ID, now);
    expect(headers['x-kk-partner']).toBe('kreditkompass');
    expect(headers['x-kk-timestamp']).toBe(String(now / 1000));
    expect(headers['x-kk-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(headers['x-kk-signature']).toMatch(/^[0-9a-f]{64}$/);
  });
  it('signs `${timestamp}.${nonce}.${rawBody}`', async () => {
    const { createHmac } = await import('node:crypto');
    const headers = signPartnerMessage(secret, body, 'x', now);
    const expected = createHmac('sha256', secret)
      .update(`${headers['x-kk-timestamp']}.${headers['x-kk-nonce']}.${body}`)
      .digest('hex');
    expect(headers['x-kk-signature']).toBe(expected);
  });
  it('uses a new nonce every time', () => {
    const a = signPartnerMessage(secret, body, 'x', now);
    const b = signPartnerMessage(secret, body, 'x', now);
    expect(a['x-kk-nonce']).not.toBe(b['x-kk-nonce']);
  });
});

describe('verifyPartnerMessage', () => {
  const headers = signPartnerMessage(secret, body, BROKER_PARTNER_ID, now);
  const signature = headers['x-kk-signature'] ?? '';

  it('accepts a genuine message and returns its nonce, timestamp and partner', () => {
    expect(verifyPartnerMessage(secret, headers, body, now)).toEqual({
      ok: true,
      nonce: headers['x-kk-nonce'],
      timestamp: now / 1000,
      partner: 'kreditkompass',
    });
  });
  it('accepts fetch Headers and mixed-case header names', () => {
    expect(verifyPartnerMessage(secret, new Headers(headers), body, now).ok).toBe(true);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyPartnerMessage(secret, upper, body, now).ok).toBe(true);
  });
  it('rejects a tampered body', () => {
    expect(verifyPartnerMessage(secret, headers, body.replace('1', '2'), now)).toEqual({
      ok: false,
      reason: 'badSignature',
    });
    expect(verifyPartnerMessage(secret, headers, body + ' ', now)).toMatchObject({ reason: 'badSignature' });
  });
  it('rejects a tampered timestamp or nonce', () => {
    const later = { ...headers, 'x-kk-timestamp': String(now / 1000 + 1) };
    expect(verifyPartnerMessage(secret, later, body, now)).toMatchObject({ reason: 'badSignature' });
    const nonce = { ...headers, 'x-kk-nonce': 'ab'.repeat(16) };
    expect(verifyPartnerMessage(secret, nonce, body, now)).toMatchObject({ reason: 'badSignature' });
  });
  it("rejects another lender's secret", () => {
    expect(verifyPartnerMessage(sandboxLenderSecret('ozolu-banka'), headers, body, now)).toMatchObject({
      reason: 'badSignature',
    });
  });
  it('rejects a malformed signature', () => {
    expect(verifyPartnerMessage(secret, { ...headers, 'x-kk-signature': 'zz' }, body, now)).toMatchObject({
      reason: 'badSignature',
    });
    const short = { ...headers, 'x-kk-signature': signature.slice(0, 62) };
    expect(verifyPartnerMessage(secret, short, body, now)).toMatchObject({ reason: 'badSignature' });
  });
  it('rejects a stale or future timestamp beyond the allowed skew', () => {
    expect(verifyPartnerMessage(secret, headers, body, now + 300_000).ok).toBe(true);
    expect(verifyPartnerMessage(secret, headers, body, now + 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyPartnerMessage(secret, headers, body, now - 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyPartnerMessage(secret, headers, body, now + 20_000, 10)).toEqual({ ok: false, reason: 'stale' });
  });
  it.each(['x-kk-partner', 'x-kk-timestamp', 'x-kk-nonce', 'x-kk-signature'])(
    'rejects a message without %s',
    (name) => {
      const without = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
      expect(verifyPartnerMessage(secret, without, body, now)).toEqual({ ok: false, reason: 'missing' });
    },
  );
  it('treats a malformed timestamp or nonce, or a repeated header, as missing', () => {
    expect(verifyPartnerMessage(secret, { ...headers, 'x-kk-timestamp': '1e9' }, body, now)).toMatchObject({
      reason: 'missing',
    });
    expect(verifyPartnerMessage(secret, { ...headers, 'x-kk-nonce': 'not hex' }, body, now)).toMatchObject({
      reason: 'missing',
    });
    const repeated = { ...headers, 'x-kk-signature': [signature, signature] };
    expect(verifyPartnerMessage(secret, repeated, body, now)).toMatchObject({ reason: 'missing' });
  });
});

describe('InMemoryNonceStore', () => {
  it('accepts a nonce once per partner until it expires', async () => {
    let clock = now;
    const store = new InMemoryNonceStore(() => clock);
    const expires = new Date(now + 60_000);
    expect(await store.remember('a', 'ff00', expires)).toBe(true);
    expect(await store.remember('a', 'ff00', expires)).toBe(false);
    expect(await store.remember('a', 'FF00', expires)).toBe(false);
    expect(await store.remember('b', 'ff00', expires)).toBe(true);
    clock = now + 60_001;
    expect(await store.remember('a', 'ff00', new Date(clock + 60_000))).toBe(true);
  });
  it('prunes expired nonces', async () => {
    let clock = now;
    const store = new InMemoryNonceStore(() => clock);
    for (let i = 0; i < 100; i++) await store.remember('a', `n${i}`, new Date(now + 1000));
    expect(store.size).toBe(100);
    clock = now + 5000;
    await store.remember('a', 'fresh', new Date(clock + 1000));
    expect(store.size).toBe(1);
  });
  it('prunes from the oldest arrival, a nonce accepted again counting as a new arrival', async () => {
    let clock = now;
    const store = new InMemoryNonceStore(() => clock);
    await store.remember('a', 'first', new Date(now + 100));
    await store.remember('a', 'second', new Date(now + 3000));
    clock = now + 500;
    // expired, so accepted again, and now the newest
    expect(await store.remember('a', 'first', new Date(now + 5000))).toBe(true);
    clock = now + 3500;
    await store.remember('a', 'third', new Date(now + 9000));
    expect(store.size).toBe(2);
    expect(await store.remember('a', 'first', new Date(now + 9000))).toBe(false);
    expect(await store.remember('a', 'second', new Date(now + 9000))).toBe(true);
  });
});

describe('checkPartnerMessage', () => {
  it('accepts once and rejects the replay', async () => {
    const nonces = new InMemoryNonceStore(() => now);
    const headers = signPartnerMessage(secret, body, 'kreditkompass', now);
    const options = { expectedPartner: 'kreditkompass', nonces, now };
    expect((await checkPartnerMessage(secret, headers, body, options)).ok).toBe(true);
    expect(await checkPartnerMessage(secret, headers, body, options)).toEqual({ ok: false, reason: 'replayed' });
  });
  it('rejects a signer other than the expected partner', async () => {
    const nonces = new InMemoryNonceStore(() => now);
    const headers = signPartnerMessage(secret, body, 'gaujas-banka', now);
    expect(await checkPartnerMessage(secret, headers, body, { expectedPartner: 'kreditkompass', nonces, now })).toEqual(
      { ok: false, reason: 'wrongPartner' },
    );
  });
  it('does not record the nonce of a message that fails verification', async () => {
    const nonces = new InMemoryNonceStore(() => now);
    const headers = signPartnerMessage(secret, body, 'kreditkompass', now);
    const options = { expectedPartner: 'kreditkompass', nonces, now };
    expect(await checkPartnerMessage(secret, headers, 'forged', options)).toMatchObject({ reason: 'badSignature' });
    expect(nonces.size).toBe(0);
    expect((await checkPartnerMessage(secret, headers, body, options)).ok).toBe(true);
  });
  it('keeps nonces until the message would be stale anyway', () => {
    expect(nonceExpiry(1000, 300).getTime()).toBe(1_301_000);
  });
});
