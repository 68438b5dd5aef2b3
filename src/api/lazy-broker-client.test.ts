import { describe, expect, it, vi } from 'vitest';
import { lazyBrokerClient } from './lazy-broker-client.ts';

const TOKEN = 'A'.repeat(43);

describe('the broker client fetched on first use', () => {
  it('answers like the client itself', async () => {
    const fetch = vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
    const client = lazyBrokerClient({ baseUrl: 'https://broker.test', language: () => 'lv', fetch });
    expect(await client.institutions()).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('passes handoff codes on, in request bodies only', async () => {
    const CODE = 'c'.repeat(43);
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      const body = request.url.endsWith('/redeem') ? { token: TOKEN } : { code: CODE };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    const client = lazyBrokerClient({ baseUrl: 'https://broker.test', language: () => 'lv', fetch });
    expect(await client.createHandoff(TOKEN)).toEqual({ code: CODE });
    expect(await client.redeemHandoff(CODE)).toEqual({ token: TOKEN });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST https://broker.test/api/applications/handoff',
      'POST https://broker.test/api/applications/handoff/redeem',
    ]);
    expect(await Promise.all(requests.map((request) => request.json()))).toEqual([{ token: TOKEN }, { code: CODE }]);
  });

  it('a watch stopped before the client arrived never starts', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    const client = lazyBrokerClient({ baseUrl: 'https://broker.test', language: () => 'lv', fetch });
    const stop = client.watchStatus(TOKEN, () => undefined, { pollMs: 10 });
    stop();
    await client.institutions().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // only the institutions request: no status poll was made for the stopped watch
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
