import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { closeConnectionsWhenIdle } from './close-when-idle.ts';

describe('closing the server', () => {
  // a partner's keep-alive pool: it keeps an idle connection as long as the server's Keep-Alive header allows
  const partner = new Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
  afterAll(() => partner.close());

  it('ends a connection that was busy when the close began once its answer is sent, instead of waiting on it', async () => {
    const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
    closeConnectionsWhenIdle(app);
    app.post('/callback', async () => {
      await sleep(200);
      return { ok: true };
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });

    const answer = request(`${origin}/callback`, {
      method: 'POST',
      dispatcher: partner,
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await sleep(50); // the callback is being answered
    const closed = app.close().then(() => 'closed');
    const response = await answer;
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ ok: true });
    // without the sweep the close waits for the partner to give up its idle connection, a minute later
    expect(await Promise.race([closed, sleep(5_000).then(() => 'still open')])).toBe('closed');
  });
});
