import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerApplicationFixture } from '../../lenders/application-fixture.ts';
import { verifyPartnerCallback, type CallbackCheck } from '../../lenders/callback-receiver.ts';
import { isLenderRejectedError, isLenderRetryableError, sendApplication } from '../../lenders/lender-client.ts';
import type { PartnerApplication, PartnerCallback } from '../../lenders/messages.ts';
import { InMemoryNonceStore, signPartnerMessage } from '../../lenders/partner-protocol.ts';
import { useRawJsonBody } from '../../lenders/raw-json.ts';
import { lenderRegistryOf } from '../../lenders/lender-config.ts';
import { findLender, type LenderEndpoint } from '../../lenders/registry.ts';
import { sandboxLendersConfig } from './sandbox-lenders-config.ts';
import { createLenderSandboxServer, safeReturnUrl, sampleDelayMs, type LenderSandboxStats } from './plugin.ts';

/**
 * The lenders on one Fastify, a tiny broker receiving their callbacks on another, both on real ports: the way the
 * broker and the sandbox talk in production, minus the database.
 */

let lenders: FastifyInstance;
let broker: FastifyInstance;
let lendersUrl: string;
let callbackUrl: string;
let registry: LenderEndpoint[];

interface Received {
  check: CallbackCheck;
  status: number;
}
let received: Received[] = [];
/** the broker answers 503 to this many callbacks before accepting */
let failNext = 0;
let nonces = new InMemoryNonceStore();

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

beforeAll(async () => {
  broker = Fastify();
  await broker.register(async (instance) => {
    useRawJsonBody(instance);
    instance.post<{ Body: string }>('/callbacks', async (request, reply) => {
      if (failNext > 0) {
        failNext -= 1;
        received.push({ check: { ok: false, status: 400, reason: 'missing' }, status: 503 });
        return reply.code(503).send({ error: 'busy' });
      }
      const check = await verifyPartnerCallback(registry, request.headers, request.body, nonces);
      const status = check.ok ? 200 : check.status;
      received.push({ check, status });
      return reply.code(status).send(check.ok ? { ok: true } : { error: check.reason });
    });
  });
  await broker.listen({ port: 0, host: '127.0.0.1' });
  callbackUrl = `http://127.0.0.1:${portOf(broker)}/callbacks`;

  lenders = await createLenderSandboxServer({ delay: 0, callbackRetry: { initialMs: 50 } });
  await lenders.listen({ port: 0, host: '127.0.0.1' });
  lendersUrl = `http://127.0.0.1:${portOf(lenders)}/sandbox/lenders`;
  registry = lenderRegistryOf(sandboxLendersConfig(lendersUrl));
});

afterAll(async () => {
  await lenders.close();
  await broker.close();
});

beforeEach(async () => {
  await fetch(`${lendersUrl}/reset`, { method: 'POST' });
  received = [];
  failNext = 0;
  nonces = new InMemoryNonceStore();
});

const lender = (id: string): LenderEndpoint => {
  const found = findLender(registry, id);
  if (!found) throw new Error(id);
  return found;
};

const application = (overrides: Parameters<typeof partnerApplicationFixture>[0] = {}): PartnerApplication =>
  partnerApplicationFixture({ callbackUrl, ...overrides });

async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const accepted = (): PartnerCallback[] => received.flatMap((entry) => (entry.check.ok ? [entry.check.callback] : []));

async function stats(): Promise<Record<string, LenderSandboxStats>> {
  return (await (await fetch(`${lendersUrl}/stats`)).json()) as Record<string, LenderSandboxStats>;
}

async function behave(lenderId: string, body: unknown): Promise<Response> {
  return fetch(`${lendersUrl}/${lenderId}/behaviour`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('applications and callbacks', () => {
  it('three lenders accept, decide and call back with signed callbacks that parse', async () => {
    const ids = ['gaujas-banka', 'amber-finance', 'zibens-nauda'];
    const app = application();
    const answers = await Promise.all(
      ids.map((id) => sendApplication(lender(id), { ...app, requestId: crypto.randomUUID() })),
    );
    expect(new Set(answers.map((answer) => answer.reference)).size).toBe(3);
    await waitFor(() => accepted().length === 3);
    expect(received.every((entry) => entry.status === 200)).toBe(true);
    const byLender = new Map(accepted().map((callback) => [callback.lenderId, callback]));
    expect([...byLender.keys()].sort()).toEqual([...ids].sort());
    for (const callback of accepted()) {
      expect(callback.applicationRef).toBe(app.applicationRef);
      expect(['offer', 'decline']).toContain(callback.type);
    }
    expect(byLender.get('gaujas-banka')).toMatchObject({ type: 'offer', offer: { amount: 5000, term: 48 } });
    // Zibens Nauda lends at most 2000 EUR: 5000 asked is too far above its range
    expect(byLender.get('zibens-nauda')).toMatchObject({ type: 'decline', reason: 'lenderPolicy' });
    const counts = await stats();
    expect(counts['gaujas-banka']).toMatchObject({ deliveries: 1, applications: 1, callbacksDelivered: 1 });
    expect(counts['gaujas-banka']?.byApplicationRef).toEqual({ [app.applicationRef]: 1 });
    expect(counts['ozolu-banka']?.deliveries).toBe(0);
  });

  it('a repeated delivery with the same idempotency key gets the same reference and one callback', async () => {
    const app = application();
    const first = await sendApplication(lender('amber-finance'), app);
    const second = await sendApplication(lender('amber-finance'), app);
    expect(second.reference).toBe(first.reference);
    await waitFor(() => accepted().length === 1);
    await pause(150);
    expect(received).toHaveLength(1);
    const counts = (await stats())['amber-finance'];
    expect(counts).toMatchObject({ deliveries: 2, applications: 1, callbackAttempts: 1 });
    expect(counts?.byApplicationRef).toEqual({ [app.applicationRef]: 1 });
    expect(counts?.deliveriesByApplicationRef).toEqual({ [app.applicationRef]: 2 });
  });

  it('refuses an idempotency key reused for another application', async () => {
    const app = application();
    await sendApplication(lender('amber-finance'), app);
    const error = await failure(
      sendApplication(lender('amber-finance'), { ...app, applicationRef: crypto.randomUUID() }),
    );
    expect(isLenderRejectedError(error)).toBe(true);
    expect(error).toMatchObject({ status: 409 });
  });

  it('error500: the client throws LenderRetryableError, and recovers once the lender does', async () => {
    expect((await behave('gaujas-banka', { mode: 'error500' })).status).toBe(200);
    const app = application();
    const error = await failure(sendApplication(lender('gaujas-banka'), app));
    expect(isLenderRetryableError(error)).toBe(true);
    expect(error).toMatchObject({ status: 500 });
    await behave('gaujas-banka', { mode: 'normal' });
    await sendApplication(lender('gaujas-banka'), app);
    await waitFor(() => accepted().length === 1);
    expect((await stats())['gaujas-banka']).toMatchObject({ deliveries: 2, applications: 1 });
  });

  it('badSignature: the callback fails verification and is not retried after the 401', async () => {
    await behave('amber-finance', { mode: 'badSignature' });
    await sendApplication(lender('amber-finance'), application());
    const entry = await waitFor(() => received[0]);
    expect(entry).toMatchObject({ status: 401, check: { ok: false, reason: 'badSignature' } });
    await pause(150);
    expect(received).toHaveLength(1);
    expect((await stats())['amber-finance']).toMatchObject({ callbackAttempts: 1, callbacksRefused: 1 });
  });

  it('malformedCallback: a genuine signature over a body that fails the schema', async () => {
    await behave('amber-finance', { mode: 'malformedCallback' });
    await sendApplication(lender('amber-finance'), application());
    const entry = await waitFor(() => received[0]);
    expect(entry).toMatchObject({ status: 400, check: { ok: false, reason: 'malformed' } });
  });

  it('silent: accepts and never answers', async () => {
    await behave('amber-finance', { mode: 'silent' });
    const answer = await sendApplication(lender('amber-finance'), application());
    expect(answer.reference).toBeTruthy();
    await pause(150);
    expect(received).toHaveLength(0);
    expect((await stats())['amber-finance']).toMatchObject({ applications: 1, callbackAttempts: 0 });
  });

  it('delayMs holds the answer back', async () => {
    await behave('amber-finance', { mode: 'normal', delayMs: 200 });
    await sendApplication(lender('amber-finance'), application());
    await pause(100);
    expect(received).toHaveLength(0);
    await waitFor(() => accepted().length === 1);
  });

  it('retries the callback while the broker answers 503, and delivers once accepted', async () => {
    failNext = 2;
    await sendApplication(lender('gaujas-banka'), application());
    await waitFor(() => accepted().length === 1);
    expect(received.map((entry) => entry.status)).toEqual([503, 503, 200]);
    await pause(150);
    expect(received).toHaveLength(3);
    expect((await stats())['gaujas-banka']).toMatchObject({ callbackAttempts: 3, callbacksDelivered: 1 });
  });

  it('reset cancels pending answers and clears the counts', async () => {
    await behave('amber-finance', { mode: 'normal', delayMs: 150 });
    await sendApplication(lender('amber-finance'), application());
    expect((await fetch(`${lendersUrl}/reset`, { method: 'POST' })).status).toBe(204);
    await pause(250);
    expect(received).toHaveLength(0);
    expect((await stats())['amber-finance']?.deliveries).toBe(0);
  });
});

describe('what a lender refuses', () => {
  const post = (lenderId: string, raw: string, headers: Record<string, string>) =>
    fetch(`${lendersUrl}/${lenderId}/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
    });

  it('an unsigned application, or one signed with the wrong secret', async () => {
    const app = application();
    const raw = JSON.stringify(app);
    const unsigned = await post('gaujas-banka', raw, { 'idempotency-key': app.requestId });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: 'missing' });
    const wrongSecret = await post('gaujas-banka', raw, {
      'idempotency-key': app.requestId,
      ...signPartnerMessage(lender('ozolu-banka').secret, raw, 'kreditkompass'),
    });
    expect(await wrongSecret.json()).toEqual({ error: 'badSignature' });
    const wrongPartner = await post('gaujas-banka', raw, {
      'idempotency-key': app.requestId,
      ...signPartnerMessage(lender('gaujas-banka').secret, raw, 'someone-else'),
    });
    expect(await wrongPartner.json()).toEqual({ error: 'wrongPartner' });
    const error = await failure(sendApplication({ ...lender('gaujas-banka'), secret: Buffer.alloc(32) }, app));
    expect(isLenderRejectedError(error)).toBe(true);
    expect(error).toMatchObject({ status: 401 });
  });

  it('a replayed message', async () => {
    const app = application();
    const raw = JSON.stringify(app);
    const headers = {
      'idempotency-key': app.requestId,
      ...signPartnerMessage(lender('gaujas-banka').secret, raw, 'kreditkompass'),
    };
    expect((await post('gaujas-banka', raw, headers)).status).toBe(202);
    const replay = await post('gaujas-banka', raw, headers);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: 'replayed' });
  });

  it('an invalid application, without revealing its values', async () => {
    const app = { ...application(), applicant: { ...application().applicant, monthlyIncome: 'Anna-secret' } };
    const raw = JSON.stringify(app);
    const response = await post('gaujas-banka', raw, {
      'idempotency-key': app.requestId,
      ...signPartnerMessage(lender('gaujas-banka').secret, raw, 'kreditkompass'),
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('applicant.monthlyIncome');
    expect(text).not.toContain('Anna-secret');
  });

  it('a missing or mismatched idempotency key', async () => {
    const app = application();
    const raw = JSON.stringify(app);
    const sign = () => signPartnerMessage(lender('gaujas-banka').secret, raw, 'kreditkompass');
    expect((await post('gaujas-banka', raw, sign())).status).toBe(400);
    expect((await post('gaujas-banka', raw, { 'idempotency-key': crypto.randomUUID(), ...sign() })).status).toBe(400);
  });

  it('an unknown lender', async () => {
    const response = await post('no-such-lender', '{}', {});
    expect(response.status).toBe(404);
    expect((await behave('no-such-lender', { mode: 'normal' })).status).toBe(404);
  });

  it('a bad behaviour', async () => {
    expect((await behave('gaujas-banka', { mode: 'chaos' })).status).toBe(400);
    expect((await behave('gaujas-banka', { mode: 'normal', delayMs: -1 })).status).toBe(400);
  });
});

describe('contract signing', () => {
  async function offerFrom(lenderId: string) {
    const app = application();
    await sendApplication(lender(lenderId), app);
    const callback = await waitFor(() => accepted().find((entry) => entry.lenderId === lenderId));
    if (callback.type !== 'offer') throw new Error('expected an offer');
    return { app, offer: callback.offer };
  }
  const contractUrl = (lenderId: string, offerId: string, query = '') =>
    `${lendersUrl}/${lenderId}/contracts/${offerId}${query}`;

  it('renders the lender page in Latvian and Russian with its own CSP and no scripts', async () => {
    const { offer } = await offerFrom('gaujas-banka');
    const lv = await fetch(contractUrl('gaujas-banka', offer.offerId, '?lang=lv'));
    expect(lv.status).toBe(200);
    expect(lv.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await lv.text();
    // the page's own style element (the lender's colour in it) by its hash, and no style attribute
    const css = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).toContain('background:#');
    expect(lv.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'; form-action 'self' http: https:`,
    );
    expect(html).not.toContain('style=');
    expect(html).toContain('<html lang="lv">');
    expect(html).toContain('Gaujas Banka');
    expect(html).toContain('Parakstīt līgumu');
    expect(html).toContain('Gada procentu likme');
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const ru = await (await fetch(contractUrl('gaujas-banka', offer.offerId, '?lang=ru'))).text();
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('Подписать договор');
  });

  it('escapes what the query puts into the page', async () => {
    const { offer } = await offerFrom('gaujas-banka');
    const evil = encodeURIComponent('https://x.test/"><script>alert(1)</script>');
    const html = await (await fetch(contractUrl('gaujas-banka', offer.offerId, `?return_url=${evil}&lang=lv`))).text();
    expect(html).not.toContain('<script>');
  });

  it('answers 404 for an unknown offer', async () => {
    const response = await fetch(contractUrl('gaujas-banka', 'f'.repeat(32)));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('signing sends signed, then paid, and redirects to the return URL once', async () => {
    const { app, offer } = await offerFrom('gaujas-banka');
    const returnUrl = 'https://kreditkompass.test/lv/piedavajumi?token=abc';
    const url = contractUrl('gaujas-banka', offer.offerId, `?lang=lv&return_url=${encodeURIComponent(returnUrl)}`);
    const form = { method: 'POST', body: new URLSearchParams({ consent: 'yes' }), redirect: 'manual' } as const;

    const withoutConsent = await fetch(url, { ...form, body: new URLSearchParams({}) });
    expect(withoutConsent.status).toBe(422);

    const signed = await fetch(url, form);
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(returnUrl);
    await waitFor(() => accepted().length === 3);
    const [, signedCallback, paidCallback] = accepted();
    expect(signedCallback).toMatchObject({
      type: 'signed',
      offerId: offer.offerId,
      applicationRef: app.applicationRef,
      requestId: app.requestId,
      lenderId: 'gaujas-banka',
    });
    expect(paidCallback).toMatchObject({ type: 'paid', offerId: offer.offerId });

    const again = await fetch(url, form);
    expect(again.status).toBe(303);
    await pause(100);
    expect(accepted()).toHaveLength(3);
    const page = await (await fetch(contractUrl('gaujas-banka', offer.offerId))).text();
    expect(page).toContain('Līgums parakstīts');
  });

  it('ignores a return URL that is not http(s)', async () => {
    const { offer } = await offerFrom('amber-finance');
    const url = contractUrl(
      'amber-finance',
      offer.offerId,
      `?lang=ru&return_url=${encodeURIComponent('javascript:alert(1)')}`,
    );
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ consent: 'yes' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Договор подписан');
    expect(html).not.toContain('javascript:');
  });
});

describe('helpers', () => {
  it('samples realistic delays within the profile', () => {
    const profile = { minSeconds: 2, medianSeconds: 10, maxSeconds: 60 };
    const samples = Array.from({ length: 500 }, () => sampleDelayMs(profile));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(60_000);
    const sorted = [...samples].sort((a, b) => a - b);
    expect(sorted[250]).toBeGreaterThan(5000);
    expect(sorted[250]).toBeLessThan(20_000);
  });
  it('accepts only http(s) return URLs', () => {
    expect(safeReturnUrl('https://a.test/x?y=1')).toBe('https://a.test/x?y=1');
    expect(safeReturnUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/');
    expect(safeReturnUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeReturnUrl('//evil.test/')).toBeUndefined();
    expect(safeReturnUrl(undefined)).toBeUndefined();
  });
});
