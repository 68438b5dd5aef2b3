import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApplicationFixture } from '../../lenders/application-fixture.ts';
import { verifyPartnerCallback } from '../../lenders/callback-receiver.ts';
import { lenderRegistryOf } from '../../lenders/lender-config.ts';
import { sendApplication } from '../../lenders/lender-client.ts';
import type { PartnerCallback } from '../../lenders/messages.ts';
import { InMemoryNonceStore } from '../../lenders/partner-protocol.ts';
import { useRawJsonBody } from '../../lenders/raw-json.ts';
import { findLender, type LenderEndpoint } from '../../lenders/registry.ts';
import { lenderClockFromEnv, ManualClock, realClock } from './clock.ts';
import { createLenderSandboxServer } from './plugin.ts';
import { sandboxLendersConfig } from './sandbox-lenders-config.ts';

/** The sandbox lenders' clock: real time for people, a clock the paced end-to-end tests move. */

const signal = () => new AbortController().signal;

describe('ManualClock', () => {
  it('ends each wait when the clock has moved past it, in the order they are due', async () => {
    const clock = new ManualClock();
    const ended: string[] = [];
    const waits = [
      clock.wait(3000, signal()).then(() => ended.push('3 s')),
      clock.wait(1000, signal()).then(() => ended.push('1 s, first')),
      clock.wait(1000, signal()).then(() => ended.push('1 s, second')),
    ];
    expect(clock.advance(999)).toBe(0);
    await Promise.resolve();
    expect(ended).toEqual([]);
    expect(clock.advance(1)).toBe(2);
    expect(clock.pending).toBe(1);
    expect(clock.advance(5000)).toBe(1);
    await Promise.all(waits);
    expect(ended).toEqual(['1 s, first', '1 s, second', '3 s']);
    expect(clock.now).toBe(6000);
  });

  it('counts a wait from the moment it starts, not from zero', async () => {
    const clock = new ManualClock();
    clock.advance(10_000);
    const wait = clock.wait(500, signal());
    expect(clock.advance(499)).toBe(0);
    expect(clock.advance(1)).toBe(1);
    await wait;
  });

  it('ends a wait of no time at once, and refuses to go back', async () => {
    const clock = new ManualClock();
    await clock.wait(0, signal());
    expect(clock.pending).toBe(0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('ends a wait with an AbortError when its signal aborts, and forgets it', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const wait = clock.wait(1000, controller.signal);
    controller.abort();
    await expect(wait).rejects.toMatchObject({ name: 'AbortError' });
    expect(clock.pending).toBe(0);
    await expect(clock.wait(1000, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('SANDBOX_LENDER_CLOCK: real by default, manual when asked, anything else refused', () => {
    expect(lenderClockFromEnv(undefined)).toBe(realClock);
    expect(lenderClockFromEnv('real')).toBe(realClock);
    expect(lenderClockFromEnv('manual')).toBeInstanceOf(ManualClock);
    expect(() => lenderClockFromEnv('fast')).toThrow(/SANDBOX_LENDER_CLOCK/);
  });
});

describe('the sandbox lenders on a manual clock', () => {
  const clock = new ManualClock();
  let lenders: FastifyInstance;
  let realTime: FastifyInstance;
  let broker: FastifyInstance;
  let base: string;
  let callbackUrl: string;
  let registry: LenderEndpoint[];
  const received: PartnerCallback[] = [];
  const nonces = new InMemoryNonceStore();

  const origin = (app: FastifyInstance) => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const lender = (id: string) => findLender(registry, id) as LenderEndpoint;
  const advance = async (advanceMs: unknown, at = base) =>
    fetch(`${at}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs }),
    });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`not in time: ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeAll(async () => {
    broker = Fastify();
    await broker.register(async (instance) => {
      useRawJsonBody(instance);
      instance.post<{ Body: string }>('/callbacks', async (request, reply) => {
        const check = await verifyPartnerCallback(registry, request.headers, request.body, nonces);
        if (check.ok) received.push(check.callback);
        return reply.code(check.ok ? 200 : check.status).send({});
      });
    });
    await broker.listen({ port: 0, host: '127.0.0.1' });
    callbackUrl = `${origin(broker)}/callbacks`;
    lenders = await createLenderSandboxServer({ delay: { minMs: 1000, maxMs: 3000 }, payoutDelayMs: 6000, clock });
    await lenders.listen({ port: 0, host: '127.0.0.1' });
    base = `${origin(lenders)}/sandbox/lenders`;
    registry = lenderRegistryOf(sandboxLendersConfig(base));
    realTime = await createLenderSandboxServer({ delay: 0 });
    await realTime.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await lenders.close();
    await realTime.close();
    await broker.close();
  });

  it('decides only when the clock is moved past each delay, and pays out only when moved past the payout', async () => {
    const application = partnerApplicationFixture({ callbackUrl });
    const ids = ['gaujas-banka', 'amber-finance', 'ozolu-banka'];
    for (const id of ids) await sendApplication(lender(id), { ...application, requestId: crypto.randomUUID() });
    // the three decisions wait on the clock, which has not moved
    expect(clock.pending).toBe(3);
    expect(received).toEqual([]);

    const early = await advance(999);
    expect(await early.json()).toEqual({ now: 999, ended: 0 });
    const late = await advance(2001);
    expect(await late.json()).toEqual({ now: 3000, ended: 3 });
    await until(() => received.length === 3);
    expect(new Set(received.map((callback) => callback.lenderId))).toEqual(new Set(ids));

    const offer = received.find((callback) => callback.lenderId === 'gaujas-banka');
    if (offer?.type !== 'offer') throw new Error(`gaujas-banka should offer 5000 EUR: ${JSON.stringify(offer)}`);
    const signed = await fetch(`${base}/gaujas-banka/contracts/${offer.offer.offerId}`, {
      method: 'POST',
      body: new URLSearchParams({ consent: 'yes' }),
    });
    expect(signed.status).toBe(200);
    await until(() => received.some((callback) => callback.type === 'signed'));
    // the payout waits on the clock: the only wait left
    await until(() => clock.pending === 1);
    expect(received.map((callback) => callback.type)).not.toContain('paid');
    expect(await (await advance(5999)).json()).toMatchObject({ ended: 0 });
    expect(await (await advance(1)).json()).toMatchObject({ ended: 1 });
    await until(() => received.some((callback) => callback.type === 'paid'));
  });

  it('refuses a move it cannot read, and a sandbox on real time has no clock to move', async () => {
    for (const advanceMs of [-1, 1.5, 'soon', 3_600_001]) expect((await advance(advanceMs)).status).toBe(400);
    expect((await advance(1000, `${origin(realTime)}/sandbox/lenders`)).status).toBe(404);
  });
});
