import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENDPOINTS, PRIVATE_ROUTES } from '../../domain/contract/index.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { loginByBank } from '../support/flow.ts';

/**
 * Requests from other sites: every state-changing route of the contract, published or not, refuses a
 * browser's request from a page that is not the site's own, before it reads the body or the session.
 */

const STATE_CHANGING = [...ENDPOINTS, ...PRIVATE_ROUTES].filter((route) => route.method !== 'GET');
const PERSON = '010180-15097';

/** A path of the route with every parameter filled (the check comes before any lookup). */
const concrete = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe.each<Storage>(['pglite', 'postgres'])('requests from other origins (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  let session: string;
  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
    session = (await loginByBank(base, PERSON)).setCookie.split(';')[0] ?? '';
  });
  afterAll(async () => running.close());

  it('covers the routes that change something: the account’s, the application’s, the messages’, the partners’', () => {
    const paths = STATE_CHANGING.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/applications',
        '/api/account/erase',
        '/api/account/consents',
        '/api/account/logout',
        '/api/account/applications/:id/choose',
        '/api/identification/bind',
        '/api/partner/v1/decisions',
      ]),
    );
  });

  it.each(STATE_CHANGING.map((route) => [route.method, route.path] as const))(
    '%s %s answers 403 to a page of another site, and changes nothing',
    async (method, path) => {
      const foreign: Record<string, string>[] = [
        { origin: 'https://attacker.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of foreign) {
        const response = await fetch(`${base}${concrete(path)}?lang=ru`, {
          method,
          headers: { ...headers, cookie: session, 'content-type': 'application/json' },
          body: JSON.stringify({ everywhere: true }),
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          error: 'foreignOrigin',
          message: expect.stringContaining('с другого сайта'),
        });
        // the refusal carries the API's own headers too
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      }
      // the session the requests carried still works: none of them logged out or erased anything
      expect((await fetch(`${base}/api/account`, { headers: { cookie: session } })).status).toBe(200);
    },
  );

  it('takes the site’s own pages and callers that are no browser', async () => {
    const own = await fetch(`${base}/api/account/consents`, {
      method: 'PUT',
      headers: { origin: base, 'sec-fetch-site': 'same-origin', cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'email', granted: false }),
    });
    expect(own.status).toBe(200);
    // a server (a lender, a publisher's backend, a mail client's one-click) sends neither header
    const noBrowser = await fetch(`${base}/api/account/consents`, {
      method: 'PUT',
      headers: { cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'email', granted: true }),
    });
    expect(noBrowser.status).toBe(200);
    // typed in the address bar or opened from a bookmark
    const direct = await fetch(`${base}/api/account/logout`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'none', cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ everywhere: false }),
    });
    expect(direct.status).toBe(204);
  });
});
