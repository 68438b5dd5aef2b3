import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import lvApi from '../../locales/lv/api.json';
import ruApi from '../../locales/ru/api.json';
import lvValidation from '../../locales/lv/validation.json';
import ruValidation from '../../locales/ru/validation.json';
import { ApiRequestError, createBrokerClient, type BrokerClientOptions } from '../../src/api/broker-client.ts';
import type { ApplicationStatus, SubmitApplicationBody } from '../../domain/api.ts';
import { validApplication } from '../fixtures/application.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, rememberStartingBrowser, throughProviderPage } from '../support/flow.ts';
import { present } from '../support/present.ts';

/** The browser's client of src/api against the real server, its jobs and its simulators, over HTTP. */

const body = (language: 'lv' | 'ru' = 'lv'): SubmitApplicationBody => ({ language, application: validApplication });

const BANK_APPROVES = { personal_code: '010180-15097', first_name: 'Jānis', last_name: 'Bērziņš', decision: 'approve' };

/**
 * A tiny EventSource on fetch streaming (Node has no EventSource): `event:`/`data:` blocks become
 * MessageEvents; a failed or ended stream fires `error` and closes, as a browser's does on a bad answer.
 * `dropAfter` cuts the stream after that many events, as a lost connection would.
 */
function fetchEventSource(options: { dropAfter?: number } = {}) {
  const opened: { url: string; readyState: number }[] = [];
  class FetchEventSource extends EventTarget {
    readonly url: string;
    readyState = 0;
    readonly #abort = new AbortController();
    #events = 0;

    constructor(url: string | URL) {
      super();
      this.url = String(url);
      opened.push(this);
      void this.#read();
    }

    close() {
      this.readyState = 2;
      this.#abort.abort();
    }

    async #read() {
      try {
        const response = await fetch(this.url, {
          headers: { accept: 'text/event-stream' },
          signal: this.#abort.signal,
        });
        if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
          throw new Error('not an event stream');
        }
        this.readyState = 1;
        this.dispatchEvent(new Event('open'));
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            this.#dispatchBlock(block);
            if (options.dropAfter !== undefined && this.#events >= options.dropAfter) throw new Error('dropped');
          }
        }
        throw new Error('the stream ended');
      } catch {
        if (this.readyState === 2) return;
        this.close();
        this.dispatchEvent(new Event('error'));
      }
    }

    #dispatchBlock(block: string) {
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length === 0) return;
      this.#events += 1;
      this.dispatchEvent(new MessageEvent(type, { data: data.join('\n') }));
    }
  }
  return { EventSource: FetchEventSource as unknown as typeof EventSource, opened };
}

/** The global fetch, counting the status requests (polls) it makes. */
function countingFetch() {
  const counter = { statusRequests: 0 };
  const counted: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/getApplicationStatus')) counter.statusRequests += 1;
    const response = await fetch(input, init);
    // the browser keeps the mark an identification's start sets, for the bank's return
    if (url.includes('/api/identification/start')) await rememberStartingBrowser(response);
    return response;
  };
  return { fetch: counted, counter };
}

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

const SETTLED = { timeout: 20_000, interval: 25 };

describe('the browser client of the broker API (pglite)', () => {
  let broker: RunningBroker;
  const clientFor = (options: Partial<BrokerClientOptions> = {}) =>
    createBrokerClient({ baseUrl: broker.url, language: () => 'lv', eventSource: undefined, ...options });

  beforeAll(async () => {
    broker = await startBroker({ storage: 'pglite' });
  });
  afterAll(async () => broker.close());
  afterEach(() => vi.restoreAllMocks());

  it('lists the identification banks', async () => {
    const institutions = await clientFor().institutions();
    expect(institutions.length).toBeGreaterThanOrEqual(4);
    expect(institutions.filter((institution) => institution.featured)).toHaveLength(4);
    for (const institution of institutions)
      expect(institution.logo).toBe(`/api/institutions/${institution.id}/logo.svg`);
  });

  it('submits an application and reads its status', async () => {
    const client = clientFor();
    const answer = await client.submit(body(), randomUUID());
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(await client.status(answer.token)).toMatchObject({
      state: 'draft',
      language: 'lv',
      firstName: 'Jānis',
      loan: { amount: validApplication.amount, term: validApplication.term, purpose: validApplication.loanPurpose },
      identification: { method: null, state: 'none' },
      lenders: [],
      offers: [],
    });
  });

  it('answers the same token to the same Idempotency-Key', async () => {
    const client = clientFor();
    const key = randomUUID();
    const first = await client.submit(body(), key);
    const again = await client.submit(body(), key);
    expect(again.token).toBe(first.token);
    expect((await client.submit(body(), randomUUID())).token).not.toBe(first.token);
  });

  it.each([
    ['lv', lvApi, lvValidation],
    ['ru', ruApi, ruValidation],
  ] as const)('turns a 400 into an ApiRequestError with the fields in %s', async (language, api, validation) => {
    const client = clientFor({ language: () => language });
    const invalid: SubmitApplicationBody = {
      language,
      application: { ...validApplication, personalId: '010180-15098', email: 'x@' },
    };
    const error = await failure(client.submit(invalid, randomUUID()));
    expect(error).toMatchObject({ status: 400, code: 'validation', message: api.validation });
    expect(error.fields).toEqual({ personalId: validation.personalCode, email: validation.email });
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    for (const personal of ['010180-15098', 'x@', validApplication.phoneNumber]) {
      expect(everything).not.toContain(personal);
    }
  });

  it('asks for errors in the language of the moment, and logs a status failure without the token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unknown = 'Z'.repeat(43);
    let language: 'lv' | 'ru' = 'ru';
    const client = clientFor({ language: () => language });
    expect(await failure(client.status(unknown))).toMatchObject({
      status: 404,
      code: 'invalidToken',
      message: ruApi.invalidToken,
    });
    language = 'lv';
    expect(await failure(client.status(unknown))).toMatchObject({ status: 404, message: lvApi.invalidToken });
    expect(logged).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(logged.mock.calls)).not.toContain(unknown);
  });

  it("starts identification by bank and answers the bank's address", async () => {
    const client = clientFor();
    const { token } = await client.submit(body(), randomUUID());
    const started = await client.startIdentification({
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
    });
    expect(started.method).toBe('bank');
    expect(started).toHaveProperty('redirectUrl');
    if (started.method === 'smartId') throw new Error('a bank answers an address');
    expect(new URL(started.redirectUrl).protocol).toBe('http:');
    expect(await client.status(token)).toMatchObject({
      state: 'identifying',
      identification: { method: 'bank', state: 'pending' },
    });
  });

  it('watches the status over server-sent events, without polling', async () => {
    const { fetch, counter } = countingFetch();
    const sse = fetchEventSource();
    const client = clientFor({ fetch, eventSource: sse.EventSource });
    const { token } = await client.submit(body(), randomUUID());
    const seen: ApplicationStatus[] = [];
    const stop = client.watchStatus(token, (status) => seen.push(status), { pollMs: 60_000 });

    await vi.waitFor(() => expect(seen.map((status) => status.state)).toEqual(['draft']), SETTLED);
    const started = await client.startIdentification({
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
    });
    if (started.method === 'smartId') throw new Error('a bank answers an address');
    await vi.waitFor(() => expect(seen.at(-1)?.state).toBe('identifying'), SETTLED);
    expect(await throughProviderPage(started.redirectUrl, BANK_APPROVES)).toMatchObject({
      wizardPath: '/applicantWorkflow/confirmingIdentity',
    });
    await vi.waitFor(() => expect(seen.at(-1)?.identification.state).toBe('succeeded'), SETTLED);
    expect(['identified', 'processing', 'offers']).toContain(seen.at(-1)?.state);

    expect(counter.statusRequests).toBe(0);
    expect(sse.opened).toHaveLength(1);
    expect(sse.opened[0]?.url).toBe(`${broker.url}/api/applicationStatusEvents?token=${token}`);
    stop();
    expect(sse.opened[0]?.readyState).toBe(2);
  });

  it('polls the status when there is no EventSource', async () => {
    const { fetch, counter } = countingFetch();
    const client = clientFor({ fetch, eventSource: undefined });
    const { token } = await client.submit(body(), randomUUID());
    const seen: ApplicationStatus[] = [];
    const stop = client.watchStatus(token, (status) => seen.push(status), { pollMs: 50 });

    await vi.waitFor(() => expect(seen.map((status) => status.state)).toEqual(['draft']), SETTLED);
    expect(await identifyByBank(broker.url, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    await vi.waitFor(() => expect(seen.at(-1)?.identification.state).toBe('succeeded'), SETTLED);
    expect(counter.statusRequests).toBeGreaterThan(1);
    stop();
    const polled = counter.statusRequests;
    // a second watcher polling as often keeps the time: while it asks five times, the stopped one asks no more
    const witness = countingFetch();
    const stopWitness = clientFor({ fetch: witness.fetch }).watchStatus(token, () => undefined, { pollMs: 50 });
    await vi.waitFor(() => expect(witness.counter.statusRequests).toBeGreaterThanOrEqual(5), SETTLED);
    stopWitness();
    expect(counter.statusRequests).toBeLessThanOrEqual(polled + 1);
  });

  it('goes on by polling when the event stream drops', async () => {
    const { fetch, counter } = countingFetch();
    const sse = fetchEventSource({ dropAfter: 1 });
    const client = clientFor({ fetch, eventSource: sse.EventSource });
    const { token } = await client.submit(body(), randomUUID());
    const seen: ApplicationStatus[] = [];
    const stop = client.watchStatus(token, (status) => seen.push(status), { pollMs: 50 });

    await vi.waitFor(() => expect(sse.opened[0]?.readyState).toBe(2), SETTLED);
    expect(seen.map((status) => status.state)).toEqual(['draft']);
    expect(await identifyByBank(broker.url, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    await vi.waitFor(() => expect(seen.at(-1)?.identification.state).toBe('succeeded'), SETTLED);
    expect(counter.statusRequests).toBeGreaterThan(1);
    stop();
  });

  it('chooses an offer once the offers are in', async () => {
    const client = clientFor({ eventSource: fetchEventSource().EventSource });
    const { token } = await client.submit(body(), randomUUID());
    expect(await identifyByBank(broker.url, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    let latest: ApplicationStatus | undefined;
    const stop = client.watchStatus(token, (status) => (latest = status), { pollMs: 1000 });
    await vi.waitFor(() => expect(latest && allLendersAnswered(latest)).toBe(true), SETTLED);
    stop();
    const answered = present(latest, 'the status');
    expect(answered.state).toBe('offers');

    expect(await failure(client.chooseOffer(token, randomUUID()))).toMatchObject({
      status: 404,
      code: 'offerNotFound',
      message: lvApi.offerNotFound,
    });
    const offer = present(answered.offers[0], 'an offer');
    const { signUrl } = await client.chooseOffer(token, offer.id);
    expect(signUrl).toContain(`/sandbox/lenders/${offer.lenderId}/contracts/`);
    expect(await client.status(token)).toMatchObject({ state: 'offerChosen', chosenOfferId: offer.id, signUrl });
  });

  it('gives a network error when the server is gone', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));

    const client = createBrokerClient({ baseUrl: `http://127.0.0.1:${port}`, language: () => 'lv' });
    const token = 'A'.repeat(43);
    for (const attempt of [
      () => client.institutions(),
      () => client.status(token),
      () => client.submit(body(), randomUUID()),
      () => client.chooseOffer(token, randomUUID()),
    ]) {
      expect(await failure(attempt())).toMatchObject({ status: null, code: 'network' });
    }
    expect(JSON.stringify(logged.mock.calls)).not.toContain(token);
  });
});
