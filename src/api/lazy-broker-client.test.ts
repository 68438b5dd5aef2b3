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
