import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTimeout, keepAliveAgent, keepAlivePools, send } from './keep-alive-client.ts';

/** A partner that answers /ok at once and never answers /hang. */
describe('partner HTTP on a keep-alive pool', () => {
  let server: Server;
  let origin: string;
  const agent = keepAliveAgent({ connections: 4 });

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/ok') response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the status and the text', async () => {
    expect(await send(agent, `${origin}/ok`, { method: 'GET', headers: {}, timeoutMs: 5000 })).toEqual({
      status: 200,
      text: '{"ok":true}',
    });
  });

  it('gives up on a partner that does not answer in time with a TimeoutError', async () => {
    const failure = await send(agent, `${origin}/hang`, { method: 'GET', headers: {}, timeoutMs: 100 }).catch(
      (error: unknown) => error,
    );
    expect(isTimeout(failure)).toBe(true);
  });

  it('ends every exchange under a signal when it aborts, and only those', async () => {
    const closing = new AbortController();
    const underIt = [1, 2, 3].map(() =>
      send(agent, `${origin}/hang`, { method: 'GET', headers: {}, timeoutMs: 10_000, signal: closing.signal }).catch(
        (error: unknown) => error,
      ),
    );
    const finished = await send(agent, `${origin}/ok`, {
      method: 'GET',
      headers: {},
      timeoutMs: 5000,
      signal: closing.signal,
    });
    expect(finished.status).toBe(200);
    closing.abort(new Error('closing'));
    for (const failure of await Promise.all(underIt)) {
      expect(isTimeout(failure)).toBe(false);
      expect(failure).toBeInstanceOf(Error);
    }
    // a signal that has already aborted ends the exchange before it starts
    await expect(
      send(agent, `${origin}/ok`, { method: 'GET', headers: {}, timeoutMs: 5000, signal: closing.signal }),
    ).rejects.toThrow();
  });

  it('gives each partner its own pool: one partner whose connections all hang does not hold up another on the same origin', async () => {
    const poolOf = keepAlivePools({ connections: 1 });
    const stuck = send(poolOf('lender-a'), `${origin}/hang`, { method: 'GET', headers: {}, timeoutMs: 2000 }).catch(
      (error: unknown) => error,
    );
    const other = await send(poolOf('lender-b'), `${origin}/ok`, { method: 'GET', headers: {}, timeoutMs: 1000 });
    expect(other.status).toBe(200);
    // the same partner queues behind its own one connection and times out waiting
    const queued = await send(poolOf('lender-a'), `${origin}/ok`, { method: 'GET', headers: {}, timeoutMs: 300 }).catch(
      (error: unknown) => error,
    );
    expect(isTimeout(queued)).toBe(true);
    expect(isTimeout(await stuck)).toBe(true);
  });
});
