import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ruApi from '../../locales/ru/api.json';
import { registerErrorHandler } from './error-handler.ts';
import { hotRateLimit } from './hot-rate-limit.ts';

async function appWithLimit(max: number) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/polled', { onRequest: hotRateLimit(max, 60_000) }, async () => 'ok');
  await app.ready();
  return app;
}

const poll = (app: Awaited<ReturnType<typeof appWithLimit>>, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'GET', url: '/polled?lang=ru', remoteAddress });

describe('the status endpoint rate limit', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 429 rateLimited with Retry-After once a client has polled its allowance in a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const app = await appWithLimit(3);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await poll(app));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    const refused = answers[3];
    expect(refused?.headers['retry-after']).toBe('60');
    expect(refused?.json()).toMatchObject({ error: 'rateLimited', message: ruApi.rateLimited });

    // another client has its own allowance; the first has it back when its minute is over
    expect((await poll(app, '198.51.100.2')).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-11-25T12:00:45Z'));
    expect((await poll(app)).headers['retry-after']).toBe('15');
    vi.setSystemTime(new Date('2026-11-25T12:01:00Z'));
    expect((await poll(app)).statusCode).toBe(200);
    await app.close();
  });

  it('counts IPv6 clients by their /64 and an IPv4-mapped address as its IPv4 address, as @fastify/rate-limit does', async () => {
    const app = await appWithLimit(2);
    const codes = async (...addresses: string[]) => {
      const answers = [];
      for (const address of addresses) answers.push((await poll(app, address)).statusCode);
      return answers;
    };
    // two addresses of one /64 share one allowance; another /64 has its own
    expect(await codes('2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:aaaa::7')).toEqual([200, 200, 429]);
    expect(await codes('2001:db8:1:3::1')).toEqual([200]);
    // the mapped form of an IPv4 address is that address
    expect(await codes('192.0.2.10', '::ffff:192.0.2.10', '192.0.2.10')).toEqual([200, 200, 429]);
    await app.close();
  });
});
