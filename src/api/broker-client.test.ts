import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationStatus } from '../../domain/api.ts';
import { validApplication } from '../../tests/fixtures/application.ts';
import { ApiRequestError, createBrokerClient, type BrokerClientOptions } from './broker-client.ts';

const BASE = 'https://broker.test';
const TOKEN = 'A'.repeat(43);

const statusAt = (state: ApplicationStatus['state'], updatedAt: string): ApplicationStatus => ({
  state,
  language: 'lv',
  firstName: 'Jānis',
  loan: { amount: 5000, term: 36, purpose: 'personalNeeds' },
  identification: { method: null, state: 'none', verificationCode: null, failure: null },
  lenders: [],
  offers: [],
  chosenOfferId: null,
  signUrl: null,
  identifiedAt: null,
  updatedAt,
  expiresAt: '2099-01-01T00:00:00.000Z',
});

/** A fetch that records every request (a copy, body readable) and answers with `answer`. */
function fakeFetch(answer: (request: Request, attempt: number) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return answer(request, requests.length);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

const clientWith = (fetch: typeof globalThis.fetch, options: Partial<BrokerClientOptions> = {}) =>
  createBrokerClient({ baseUrl: BASE, language: () => 'lv', fetch, eventSource: undefined, ...options });

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

afterEach(() => vi.restoreAllMocks());

describe('the broker client, against a fake fetch', () => {
  it('turns an answer that is not JSON, or not of the schema, into a generic parse error', async () => {
    const html = clientWith(fakeFetch(() => text('<html>maintenance</html>')).fetch);
    const notJson = await failure(html.institutions());
    expect(notJson).toMatchObject({
      status: null,
      code: 'parse',
      message: 'The service answered in an unexpected form',
    });
    expect(notJson.fields).toBeUndefined();

    const wrongShape = clientWith(fakeFetch(() => json([{ id: 'x', name: 1 }])).fetch);
    expect(await failure(wrongShape.institutions())).toMatchObject({ status: null, code: 'parse' });
  });

  it('reads the status from text/plain JSON, and logs a failure without the token', async () => {
    const fine = fakeFetch(() => text(JSON.stringify(statusAt('draft', '2030-01-01T00:00:00.000Z'))));
    expect(await clientWith(fine.fetch).status(TOKEN)).toMatchObject({ state: 'draft', firstName: 'Jānis' });
    expect(fine.requests[0]?.url).toBe(`${BASE}/api/getApplicationStatus?token=${TOKEN}`);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = fakeFetch(() => text('{"state":'));
    const error = await failure(clientWith(broken.fetch).status(TOKEN));
    expect(error).toMatchObject({ status: null, code: 'parse' });
    expect(error.message).not.toContain(TOKEN);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logged.mock.calls)).not.toContain(TOKEN);
  });

  it("keeps the server's code, localized message and fields, and nothing of the request", async () => {
    const { fetch } = fakeFetch(() =>
      json({ error: 'validation', message: 'Pārbaudiet laukus', fields: { email: 'Nepareiza e-pasta adrese' } }, 400),
    );
    const error = await failure(
      clientWith(fetch).submit({ language: 'lv', application: { ...validApplication, email: 'x@' } }, 'k'.repeat(20)),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Pārbaudiet laukus',
      fields: { email: 'Nepareiza e-pasta adrese' },
    });
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    for (const personal of [validApplication.personalId, validApplication.phoneNumber, 'x@', '1800']) {
      expect(everything).not.toContain(personal);
    }
  });

  it('calls an error answer that is not the API shape `http`, with its status', async () => {
    const { fetch, requests } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(clientWith(fetch).chooseOffer(TOKEN, crypto.randomUUID()));
    expect(error).toMatchObject({ status: 502, code: 'http' });
    expect(requests).toHaveLength(1);
  });

  it('sends the language of the moment as Accept-Language on every request', async () => {
    let language: 'lv' | 'ru' = 'lv';
    const { fetch, requests } = fakeFetch(() => json([]));
    const client = clientWith(fetch, { language: () => language });
    await client.institutions();
    language = 'ru';
    await client.institutions();
    expect(requests.map((request) => request.headers.get('accept-language'))).toEqual(['lv', 'ru']);
  });

  it('retries a submission with the same Idempotency-Key and body', async () => {
    const answer = { token: TOKEN, expiresAt: '2099-01-01T00:00:00.000Z' };
    const { fetch, requests } = fakeFetch((_request, attempt) =>
      attempt === 1 ? json({ error: 'serverError', message: 'Radās kļūda' }, 503) : json(answer, 201),
    );
    const body = { language: 'lv' as const, application: validApplication };
    expect(await clientWith(fetch).submit(body, 'key-0123456789abcdef')).toEqual(answer);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe(`${BASE}/api/applications`);
      expect(request.headers.get('idempotency-key')).toBe('key-0123456789abcdef');
      expect(JSON.parse(await request.text())).toEqual(body);
    }
  });

  it('never repeats starting an identification or choosing an offer', async () => {
    const unavailable = fakeFetch(() => json({ error: 'providerUnavailable', message: 'Nav pieejams' }, 503));
    const client = clientWith(unavailable.fetch);
    const error = await failure(client.startIdentification({ token: TOKEN, language: 'lv', method: 'smartId' }));
    expect(error).toMatchObject({ status: 503, code: 'providerUnavailable', message: 'Nav pieejams' });
    expect(await failure(client.chooseOffer(TOKEN, crypto.randomUUID()))).toMatchObject({ status: 503 });
    expect(unavailable.requests).toHaveLength(2);

    const down = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    expect(await failure(clientWith(down.fetch).chooseOffer(TOKEN, crypto.randomUUID()))).toMatchObject({
      status: null,
      code: 'network',
    });
    expect(down.requests).toHaveLength(1);
  });

  it('retries a GET over a network failure, then gives a generic network error', async () => {
    const down = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const error = await failure(clientWith(down.fetch).institutions());
    expect(error).toMatchObject({ status: null, code: 'network', message: 'The service could not be reached' });
    expect(down.requests).toHaveLength(3);
  });

  it('gives up after timeoutMs with a network error', async () => {
    const { fetch } = fakeFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
        }),
    );
    const error = await failure(clientWith(fetch, { timeoutMs: 50 }).chooseOffer(TOKEN, crypto.randomUUID()));
    expect(error).toMatchObject({ status: null, code: 'network' });
  });
});

/** An EventSource the test drives by hand. */
function fakeEventSources() {
  const opened: FakeEventSource[] = [];
  class FakeEventSource extends EventTarget {
    readonly url: string;
    closed = false;
    constructor(url: string | URL) {
      super();
      this.url = String(url);
      opened.push(this);
    }
    close() {
      this.closed = true;
    }
    emit(type: string, data: string) {
      this.dispatchEvent(new MessageEvent(type, { data }));
    }
    fail() {
      this.dispatchEvent(new Event('error'));
    }
  }
  return { EventSource: FakeEventSource as unknown as typeof EventSource, opened };
}

describe('watchStatus', () => {
  it('passes on each status of the stream once, never an older one, and does not poll', async () => {
    const polls = fakeFetch(() => text(JSON.stringify(statusAt('draft', '2030-01-01T00:00:00.000Z'))));
    const sources = fakeEventSources();
    const client = clientWith(polls.fetch, { eventSource: sources.EventSource, baseUrl: `${BASE}/` });
    const seen: string[] = [];
    const stop = client.watchStatus(TOKEN, (status) => seen.push(status.state), { pollMs: 10 });

    const source = sources.opened[0];
    expect(source?.url).toBe(`${BASE}/api/applicationStatusEvents?token=${TOKEN}`);
    source?.emit('status', JSON.stringify(statusAt('draft', '2030-01-01T00:00:00.000Z')));
    source?.emit('status', JSON.stringify(statusAt('draft', '2030-01-01T00:00:00.000Z')));
    source?.emit('status', JSON.stringify(statusAt('processing', '2030-01-01T00:00:01.000Z')));
    source?.emit('status', JSON.stringify(statusAt('identifying', '2030-01-01T00:00:00.500Z')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['draft', 'processing']);
    expect(polls.requests).toHaveLength(0);

    stop();
    expect(source?.closed).toBe(true);
    source?.emit('status', JSON.stringify(statusAt('offers', '2030-01-01T00:00:02.000Z')));
    expect(seen).toEqual(['draft', 'processing']);
  });

  it('polls when the stream fails, keeps polling, and stops everything on stop()', async () => {
    let current = statusAt('draft', '2030-01-01T00:00:00.000Z');
    const polls = fakeFetch(() => text(JSON.stringify(current)));
    const sources = fakeEventSources();
    const client = clientWith(polls.fetch, { eventSource: sources.EventSource });
    const seen: string[] = [];
    const stop = client.watchStatus(TOKEN, (status) => seen.push(status.state), { pollMs: 10 });
    const source = sources.opened[0];

    source?.emit('status', JSON.stringify(current));
    source?.fail();
    await vi.waitFor(() => expect(polls.requests.length).toBeGreaterThanOrEqual(2));
    current = statusAt('processing', '2030-01-01T00:00:01.000Z');
    await vi.waitFor(() => expect(seen).toEqual(['draft', 'processing']));
    const before = polls.requests.length;
    await vi.waitFor(() => expect(polls.requests.length).toBeGreaterThan(before + 1));

    stop();
    expect(source?.closed).toBe(true);
    const after = polls.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls.requests.length).toBeLessThanOrEqual(after + 1);
  });

  it('polls at once without an EventSource, and ends on a 404 after telling onError', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const polls = fakeFetch((_request, attempt) =>
      attempt === 1
        ? text(JSON.stringify(statusAt('offers', '2030-01-01T00:00:00.000Z')))
        : json({ error: 'invalidToken', message: 'Saite ir nederīga' }, 404),
    );
    const errors: ApiRequestError[] = [];
    const seen: string[] = [];
    createBrokerClient({ baseUrl: BASE, language: () => 'lv', fetch: polls.fetch, eventSource: undefined }).watchStatus(
      TOKEN,
      (status) => seen.push(status.state),
      { pollMs: 10, onError: (error) => errors.push(error) },
    );
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(seen).toEqual(['offers']);
    expect(errors[0]).toMatchObject({ status: 404, code: 'invalidToken', message: 'Saite ir nederīga' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls.requests).toHaveLength(2);
    expect(JSON.stringify(logged.mock.calls)).not.toContain(TOKEN);
  });
});
