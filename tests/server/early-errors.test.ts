import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';

/**
 * Answers the server gives before any route of ours runs: headers over the limit, a method the path does not
 * take, a path that names nothing. Each has its proper status, the API's error shape, and our security headers.
 */
describe.each<Storage>(['pglite', 'postgres'])('early errors (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  it('answers headers over the limit with 431 and still every security header, in the API’s error shape', async () => {
    const response = await fetch(`${base}/api/lenders`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(await response.json()).toMatchObject({ error: 'malformedBody', message: expect.any(String) });
  });

  it.each([
    ['DELETE', '/api/applications', 'POST'],
    ['PUT', '/api/getApplicationStatus', 'GET, HEAD'],
    ['PATCH', '/api/account', 'GET, HEAD'],
    ['DELETE', '/api/account/applications/00000000-0000-4000-8000-000000000000/handoff', 'POST'],
    ['OPTIONS', '/api/lenders', 'GET, HEAD'],
  ])(
    'answers %s %s, a method the path does not take, with 405, Allow and the security headers',
    async (method, path, allow) => {
      const response = await fetch(`${base}${path}?lang=ru`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(response.headers.get('content-security-policy')).toBeTruthy();
      expect(await response.json()).toEqual({
        error: 'methodNotAllowed',
        message: 'Этот адрес не принимает такой метод запроса',
      });
    },
  );

  it('answers a path no method takes with 404, and a path segment longer than any name the same way', async () => {
    for (const path of ['/api/nothing-here', `/api/account/applications/${'a'.repeat(300)}/handoff`]) {
      const response = await fetch(`${base}${path}`, { method: 'POST' });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toMatchObject({ error: 'notFound' });
    }
  });
});
