import { describe, expect, it } from 'vitest';
import type { AccountAnswer } from '../../domain/account-api.ts';
import { ApiRequestError, createAccountClient } from './account-client.ts';

const BASE = 'https://kreditkompass.test';
const ID = '7d8c3a4e-1b2c-4d5e-8f90-123456789abc';
const OFFER = '0b6f1c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

/** A fetch that records every request (a copy, body readable) and answers with `answer`. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return answer(request);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

const ACCOUNT: AccountAnswer = {
  firstName: 'Jānis',
  sessionExpiresAt: '2026-11-25T10:30:00.000Z',
  consents: [{ kind: 'email', granted: true, changedAt: '2026-11-24T10:00:00.000Z', source: 'applicationForm' }],
  applications: [
    {
      id: ID,
      createdAt: '2026-11-24T10:00:00.000Z',
      state: 'processing',
      language: 'lv',
      loan: { amount: 5000, term: 60, purpose: 'personalNeeds' },
      lenders: [{ lenderId: 'luminor', name: 'Luminor', kind: 'bank', progress: 'sent' }],
      offers: [],
      chosenOfferId: null,
      signUrl: null,
      continuable: true,
    },
  ],
};

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

const bodyOf = async (request: Request | undefined) => (await request?.json()) as unknown;

describe('the account client, against a fake fetch', () => {
  it('reads the account in the page’s language and parses it with the schema', async () => {
    const fake = fakeFetch(() => json(ACCOUNT));
    const client = createAccountClient('ru', { baseUrl: BASE, fetch: fake.fetch });
    expect(await client.account()).toEqual(ACCOUNT);
    const [request] = fake.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${BASE}/api/account`);
    expect(request?.headers.get('accept-language')).toBe('ru');
    expect(request?.credentials).toBe('same-origin');
  });

  it('turns 401 into an ApiRequestError with the server’s words, and an odd answer into a parse error', async () => {
    const loggedOut = fakeFetch(() => json({ error: 'notLoggedIn', message: 'Lūdzu, pieslēdzieties.' }, 401));
    const error = await failure(createAccountClient('lv', { baseUrl: BASE, fetch: loggedOut.fetch }).account());
    expect(error).toMatchObject({ status: 401, code: 'notLoggedIn', message: 'Lūdzu, pieslēdzieties.' });

    const odd = fakeFetch(() => json({ ...ACCOUNT, applications: [{ id: 'x' }] }));
    expect(await failure(createAccountClient('lv', { baseUrl: BASE, fetch: odd.fetch }).account())).toMatchObject({
      status: null,
      code: 'parse',
    });
  });

  it('asks for the account again after a passing server error, but never repeats a choice', async () => {
    let calls = 0;
    const flaky = fakeFetch(() => {
      calls += 1;
      return calls === 1 ? new Response('busy', { status: 502 }) : json(ACCOUNT);
    });
    expect(await createAccountClient('lv', { baseUrl: BASE, fetch: flaky.fetch }).account()).toEqual(ACCOUNT);
    expect(flaky.requests).toHaveLength(2);

    const down = fakeFetch(() => new Response('busy', { status: 502 }));
    const error = await failure(createAccountClient('lv', { baseUrl: BASE, fetch: down.fetch }).chooseOffer(ID, OFFER));
    expect(error).toMatchObject({ status: 502, code: 'http' });
    expect(down.requests).toHaveLength(1);
  });

  it('starts a login and polls it with the body the contract names, the language in each', async () => {
    const fake = fakeFetch((request) =>
      request.url.endsWith('/start')
        ? json({ method: 'smartId', verificationCode: '4821', pollSecret: 'p'.repeat(43) })
        : json({ state: 'pending', failure: null }),
    );
    const client = createAccountClient('lv', { baseUrl: BASE, fetch: fake.fetch });
    expect(await client.startLogin({ method: 'smartId', personalCode: '010180-15097', language: 'lv' })).toEqual({
      method: 'smartId',
      verificationCode: '4821',
      pollSecret: 'p'.repeat(43),
    });
    expect(await client.pollLogin('p'.repeat(43))).toEqual({ state: 'pending', failure: null });
    const [start, poll] = fake.requests;
    expect(start?.url).toBe(`${BASE}/api/account/login/start`);
    // the personal code goes in the body, never in the address
    expect(start?.url).not.toContain('010180');
    expect(await bodyOf(start)).toEqual({ method: 'smartId', personalCode: '010180-15097', language: 'lv' });
    expect(poll?.url).toBe(`${BASE}/api/account/login/poll`);
    expect(await bodyOf(poll)).toEqual({ pollSecret: 'p'.repeat(43), language: 'lv' });
  });

  it('hands off, chooses, sets a consent, logs out and erases at the contract’s routes', async () => {
    const fake = fakeFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/handoff')) return json({ code: 'h'.repeat(43) });
      if (path.endsWith('/choose')) return json({ signUrl: 'https://lender.example/contracts/9' });
      if (path === '/api/account/consents') return json(ACCOUNT.consents);
      if (path === '/api/account/logout') return new Response(null, { status: 204 });
      return json({ withdrawnApplications: 1, deletedApplications: 2 });
    });
    const client = createAccountClient('ru', { baseUrl: BASE, fetch: fake.fetch });
    expect(await client.handoff(ID)).toBe('h'.repeat(43));
    expect(await client.chooseOffer(ID, OFFER)).toBe('https://lender.example/contracts/9');
    expect(await client.setConsent('email', false)).toEqual(ACCOUNT.consents);
    await client.logout(true);
    expect(await client.erase()).toEqual({ withdrawnApplications: 1, deletedApplications: 2 });

    const sent = await Promise.all(
      fake.requests.map(async (request) => [request.method, new URL(request.url).pathname, await bodyOf(request)]),
    );
    expect(sent).toEqual([
      ['POST', `/api/account/applications/${ID}/handoff`, { language: 'ru' }],
      ['POST', `/api/account/applications/${ID}/choose`, { offerId: OFFER, language: 'ru' }],
      ['PUT', '/api/account/consents', { kind: 'email', granted: false, language: 'ru' }],
      ['POST', '/api/account/logout', { everywhere: true, language: 'ru' }],
      ['POST', '/api/account/erase', { language: 'ru' }],
    ]);
  });

  it('opts a phone out of SMS in two steps and unsubscribes by code; a wrong code brings the server’s words', async () => {
    const fake = fakeFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/sms-opt-out/start') return json({ ok: true }, 202);
      if (path === '/api/sms-opt-out/confirm') {
        return json(
          { error: 'validation', message: 'Kods nav pareizs.', fields: { code: 'Ievadiet 6 ciparu kodu no īsziņas' } },
          400,
        );
      }
      return json({ ok: true });
    });
    const client = createAccountClient('lv', { baseUrl: BASE, fetch: fake.fetch });
    await client.startSmsOptOut('+37120000000');
    const error = await failure(client.confirmSmsOptOut('+37120000000', '123456'));
    expect(error).toMatchObject({ status: 400, code: 'validation', message: 'Kods nav pareizs.' });
    expect(error.fields).toEqual({ code: 'Ievadiet 6 ciparu kodu no īsziņas' });
    await client.unsubscribe('abc.def');

    const sent = await Promise.all(
      fake.requests.map(async (request) => [new URL(request.url).pathname, await bodyOf(request)]),
    );
    expect(sent).toEqual([
      ['/api/sms-opt-out/start', { phoneNumber: '+37120000000', language: 'lv' }],
      ['/api/sms-opt-out/confirm', { phoneNumber: '+37120000000', code: '123456', language: 'lv' }],
      ['/api/notices/unsubscribe', { code: 'abc.def', language: 'lv' }],
    ]);
    // the phone number stays out of every address
    expect(fake.requests.every((request) => !request.url.includes('2000000'))).toBe(true);
  });

  it('tells a network failure apart from the server’s answers', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const error = await failure(createAccountClient('lv', { baseUrl: BASE, fetch: offline }).erase());
    expect(error).toMatchObject({ status: null, code: 'network' });
  });
});
