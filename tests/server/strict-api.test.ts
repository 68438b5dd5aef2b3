import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import ruApi from '../../locales/ru/api.json' with { type: 'json' };
import lvValidation from '../../locales/lv/validation.json' with { type: 'json' };
import ruValidation from '../../locales/ru/validation.json' with { type: 'json' };
import { validApplication } from '../fixtures/application.ts';
import type { Language } from '../../domain/language.ts';
import type { ValidationMessageKey } from '../../domain/application.ts';
import type { ApiErrorCode } from '../../server/http/problem.ts';
import { INSTITUTIONS } from '../../server/identity/institutions.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { status, submit } from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * The API as a careless or hostile caller meets it: unknown fields, control characters in
 * free text, bodies that are not UTF-8 JSON, names as people write them, errors in the caller's
 * language, and the security headers on every answer.
 */

const API: Record<Language, Record<ApiErrorCode, string>> = { lv: lvApi, ru: ruApi };
const VALIDATION: Record<Language, Record<ValidationMessageKey, string>> = { lv: lvValidation, ru: ruValidation };
const LANGUAGES: readonly Language[] = ['lv', 'ru'];

const UNKNOWN_TOKEN = randomBytes(32).toString('base64url');
const UNKNOWN_OFFER = '00000000-0000-4000-8000-000000000000';

function expectSecurityHeaders(response: Response, what: string): void {
  expect(response.headers.get('content-security-policy'), what).toContain("default-src 'none'");
  expect(response.headers.get('content-security-policy'), what).not.toContain('unsafe');
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), what).toBe('DENY');
  expect(response.headers.get('strict-transport-security'), what).toContain('max-age=');
  expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

async function expectError(
  response: Response,
  expected: { status: number; error: ApiErrorCode; lang: Language; fields?: Record<string, ValidationMessageKey> },
): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(expected.status);
  expect(response.headers.get('content-type'), text).toBe('application/json; charset=utf-8');
  expectSecurityHeaders(response, text);
  const fields = expected.fields
    ? Object.fromEntries(Object.entries(expected.fields).map(([name, key]) => [name, VALIDATION[expected.lang][key]]))
    : undefined;
  expect(JSON.parse(text), text).toEqual({
    error: expected.error,
    message: API[expected.lang][expected.error],
    ...(fields ? { fields } : {}),
  });
}

const sendJson = (
  base: string,
  path: string,
  body: unknown,
  { method = 'POST', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const submission = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  sendJson(base, '/api/applications', body, { headers: { 'idempotency-key': randomUUID(), ...headers } });

describe.each<Storage>(['pglite', 'postgres'])('a strict API (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const countApplications = async () =>
    present(
      (await running.broker.db.query<{ count: number }>('SELECT count(*)::int AS count FROM applications')).rows[0],
    ).count;

  describe('unknown fields', () => {
    it.each(LANGUAGES)('refuses one in the application and one beside it, naming each (%s)', async (lang) => {
      const before = await countApplications();
      await expectError(
        await submission(base, { language: lang, application: { ...validApplication, isAdmin: true } }),
        { status: 400, error: 'validation', lang, fields: { isAdmin: 'unknownField' } },
      );
      // named as sent, even a name Object.prototype has or one with a slash or a dot in it
      await expectError(
        await submission(base, {
          language: lang,
          application: validApplication,
          promo: 'x',
          constructor: 1,
          'a/b.c': 2,
        }),
        {
          status: 400,
          error: 'validation',
          lang,
          fields: Object.fromEntries(['promo', 'constructor', 'a/b.c'].map((name) => [name, 'unknownField' as const])),
        },
      );
      await expectError(
        await submission(base, {
          language: lang,
          application: {
            ...validApplication,
            incomeTypes: [{ type: 'fullTimeJob', employmentDuration: 'over12Months', salary: 1 }],
          },
          tracking: { utm_source: 'x', gclid: 'y' },
        }),
        {
          status: 400,
          error: 'validation',
          lang,
          fields: { 'incomeTypes.0.salary': 'unknownField', 'tracking.gclid': 'unknownField' },
        },
      );
      expect(await countApplications()).toBe(before);
    });

    it('takes the documented language beside the fields of every body', async () => {
      const response = await sendJson(base, '/api/applications/chooseOffer', {
        token: UNKNOWN_TOKEN,
        offerId: UNKNOWN_OFFER,
        language: 'ru',
      });
      await expectError(response, { status: 404, error: 'invalidToken', lang: 'ru' });
    });

    /** Every route of the public API that reads a body, with a body it would otherwise take. */
    const BODIES: readonly { path: string; method: string; body: Record<string, unknown> }[] = [
      { method: 'POST', path: '/api/applications/chooseOffer', body: { token: UNKNOWN_TOKEN, offerId: UNKNOWN_OFFER } },
      {
        method: 'POST',
        path: '/api/applications/reviewRequest',
        body: { token: UNKNOWN_TOKEN, lenderId: 'lender', language: 'lv' },
      },
      { method: 'POST', path: '/api/applications/handoff', body: { token: UNKNOWN_TOKEN } },
      { method: 'POST', path: '/api/applications/handoff/redeem', body: { code: UNKNOWN_TOKEN } },
      {
        method: 'POST',
        path: '/api/identification/start',
        body: { token: UNKNOWN_TOKEN, language: 'lv', method: 'smartId' },
      },
      {
        method: 'POST',
        path: '/api/identification/start',
        body: { token: UNKNOWN_TOKEN, language: 'lv', method: 'bank', institutionId: 'x' },
      },
      { method: 'POST', path: '/api/account/login/start', body: { method: 'eSignature', language: 'lv' } },
      { method: 'POST', path: '/api/account/login/poll', body: { pollSecret: 'x'.repeat(32) } },
      { method: 'POST', path: '/api/account/applications/x/choose', body: { offerId: UNKNOWN_OFFER } },
      { method: 'PUT', path: '/api/account/consents', body: { kind: 'email', granted: true } },
      { method: 'POST', path: '/api/account/logout', body: { everywhere: false } },
      { method: 'POST', path: '/api/sms-opt-out/start', body: { phoneNumber: '+37120000000', language: 'lv' } },
      { method: 'POST', path: '/api/sms-opt-out/confirm', body: { phoneNumber: '+37120000000', code: '123456' } },
      { method: 'POST', path: '/api/notices/unsubscribe', body: { code: 'x' } },
    ];
    it.each(BODIES)('refuses an unknown field in the body of $method $path', async ({ path, method, body }) => {
      for (const lang of LANGUAGES) {
        // the body's own language, where it has one, names the answer's
        const sent = { ...body, ...('language' in body ? { language: lang } : {}), extra: 1 };
        await expectError(await sendJson(base, path, sent, { method, headers: { 'accept-language': lang } }), {
          status: 400,
          error: 'validation',
          lang,
          fields: { extra: 'unknownField' },
        });
      }
    });
  });

  describe('free text', () => {
    const CONTROL = ['a\u0000b', 'a\u0007b', 'line\nbreak', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u202eb', 'a\u2066b'];

    it.each(LANGUAGES)(
      'refuses control characters in the loan purpose and the position, and stores nothing (%s)',
      async (lang) => {
        const before = await countApplications();
        for (const text of CONTROL) {
          await expectError(
            await submission(base, {
              language: lang,
              application: {
                ...validApplication,
                loanPurpose: 'other',
                loanPurposeText: `Remonts ${text}`,
                politicalyExposedPerson: true,
                politicalPosition: `Deputāts ${text}`,
              },
            }),
            {
              status: 400,
              error: 'validation',
              lang,
              fields: { loanPurposeText: 'textCharacters', politicalPosition: 'textCharacters' },
            },
          );
        }
        expect(await countApplications()).toBe(before);
      },
    );

    it.each(LANGUAGES)('refuses a lone surrogate, which JSON can carry as an escape (%s)', async (lang) => {
      for (const escape of ['\\ud800', '\\udfff', '\\ud83d x']) {
        const application = JSON.stringify({
          ...validApplication,
          loanPurpose: 'other',
          loanPurposeText: 'Remonts SURROGATE',
        });
        const body = `{"language":"${lang}","application":${application.replace('SURROGATE', escape)}}`;
        await expectError(await submission(base, body), {
          status: 400,
          error: 'validation',
          lang,
          fields: { loanPurposeText: 'textCharacters' },
        });
      }
    });

    it('takes text in any script, emoji with their joiners included, and stores it as given', async () => {
      const token = await submit(base, {
        loanPurpose: 'other',
        loanPurposeText: 'Ремонт <b>кухни</b> & "vannas istabas" 👨‍👩‍👧',
      });
      expect((await status(base, token)).loan.purpose).toBe('other');
    });

    it.each(LANGUAGES)(
      'refuses control characters in a message to a lender, but not line breaks (%s)',
      async (lang) => {
        const review = (message: string) =>
          sendJson(base, '/api/applications/reviewRequest', {
            token: UNKNOWN_TOKEN,
            lenderId: 'lender',
            message,
            language: lang,
          });
        await expectError(await review('Lūdzu, pārskatiet\u0000'), {
          status: 400,
          error: 'validation',
          lang,
          fields: { message: 'textCharacters' },
        });
        await expectError(await review('Lūdzu,\r\npārskatiet\tlēmumu'), { status: 404, error: 'invalidToken', lang });
      },
    );
  });

  describe('media types', () => {
    const body = JSON.stringify({ language: 'ru', application: validApplication });

    it.each(LANGUAGES)('answers 415 to JSON that is not labelled as UTF-8 JSON (%s)', async (lang) => {
      const before = await countApplications();
      for (const contentType of [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/json; charset=utf-16',
        'application/json; charset=UTF-16LE',
        'application/json; charset=iso-8859-1',
        'application/json; charset="latin1"',
      ]) {
        await expectError(await submission(base, body, { 'content-type': contentType, 'accept-language': lang }), {
          status: 415,
          error: 'unsupportedMediaType',
          lang,
        });
        // the query's language wins over Accept-Language here too
        const other = lang === 'lv' ? 'ru' : 'lv';
        await expectError(
          await fetch(`${base}/api/applications/chooseOffer?lang=${lang}`, {
            method: 'POST',
            headers: { 'content-type': contentType, 'accept-language': other },
            body: JSON.stringify({ token: UNKNOWN_TOKEN, offerId: UNKNOWN_OFFER }),
          }),
          { status: 415, error: 'unsupportedMediaType', lang },
        );
      }
      expect(await countApplications()).toBe(before);
    });

    it('takes application/json with or without charset=utf-8, in any case', async () => {
      for (const contentType of [
        'application/json',
        'application/json; charset=utf-8',
        'Application/JSON; Charset=UTF-8',
        'application/json;charset="utf-8"',
      ]) {
        const response = await submission(base, body, { 'content-type': contentType });
        expect(response.status, contentType).toBe(201);
      }
    });

    it('answers a partner message that is not UTF-8 JSON with 415 before its signature is checked', async () => {
      await expectError(
        await fetch(`${base}/api/partner/v1/decisions?lang=ru`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-16' },
          body: '{}',
        }),
        { status: 415, error: 'unsupportedMediaType', lang: 'ru' },
      );
    });
  });

  describe('names', () => {
    it('accepts typographic apostrophes, hyphen variants and decomposed letters, and keeps the canonical form', async () => {
      const names: readonly [string, string, string][] = [
        ['Ja\u0304nis\u2011Pe\u0304teris', 'O\u2019Brien', 'Jānis-Pēteris'],
        ['D\u02bcArtagnan', 'Bērziņa\u2013Kalniņa', "D'Artagnan"],
        ['Anna\u2010Marija', 'Ozola\u2011Liepiņa', 'Anna-Marija'],
      ];
      for (const [firstname, lastname, stored] of names) {
        const token = await submit(base, { firstname, lastname });
        expect((await status(base, token)).firstName).toBe(stored);
      }
    });

    it.each(LANGUAGES)('says a name is too long, not that it is too short (%s)', async (lang) => {
      await expectError(
        await submission(base, {
          language: lang,
          application: { ...validApplication, firstname: 'Ā'.repeat(51), lastname: 'Bērziņa-'.repeat(7) },
        }),
        { status: 400, error: 'validation', lang, fields: { firstname: 'nameTooLong', lastname: 'nameTooLong' } },
      );
    });
  });

  describe("the caller's language", () => {
    it.each(LANGUAGES)(
      "answers a partner's bad signature in the body's, query's or browser's language (%s)",
      async (lang) => {
        const lender = present([...running.broker.lenders.keys()][0]);
        const partner = (query: string, body: string, headers: Record<string, string> = {}) =>
          fetch(`${base}/api/partner/v1/decisions${query}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body,
          });
        const forged = { 'x-kk-partner': lender, 'x-kk-signature': 'x', 'x-kk-nonce': 'y', 'x-kk-timestamp': '1' };
        await expectError(await partner('', JSON.stringify({ language: lang, type: 'offer' }), forged), {
          status: 401,
          error: 'badSignature',
          lang,
        });
        await expectError(await partner(`?lang=${lang}`, '{}', forged), { status: 401, error: 'badSignature', lang });
        await expectError(await partner('', '{}', { 'accept-language': lang }), {
          status: 401,
          error: 'badSignature',
          lang,
        });
        const bank = present(INSTITUTIONS[0]).id;
        await expectError(await fetch(`${base}/api/identification/bank/${bank}/return?state=x&lang=${lang}`), {
          status: 400,
          error: 'badSignature',
          lang,
        });
      },
    );
  });

  describe('security headers on every answer', () => {
    it('on the status stream', async () => {
      const token = await submit(base);
      const controller = new AbortController();
      const events = await fetch(`${base}/api/applicationStatusEvents?token=${token}`, { signal: controller.signal });
      expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expectSecurityHeaders(events, 'status stream');
      controller.abort();
    });

    it('on 404, 413, 415 and on a path that cannot be routed', async () => {
      await expectError(await fetch(`${base}/api/nothing-here`, { headers: { 'accept-language': 'ru' } }), {
        status: 404,
        error: 'notFound',
        lang: 'ru',
      });
      await expectError(
        await submission(base, JSON.stringify({ junk: 'x'.repeat(70 * 1024) }), { 'accept-language': 'ru' }),
        { status: 413, error: 'payloadTooLarge', lang: 'ru' },
      );
      await expectError(await submission(base, '{}', { 'content-type': 'application/xml' }), {
        status: 415,
        error: 'unsupportedMediaType',
        lang: 'lv',
      });
      await expectError(await fetch(`${base}/api/institutions/%E0%A4%A/logo.svg?lang=ru`), {
        status: 400,
        error: 'malformedBody',
        lang: 'ru',
      });
    });
  });
});

describe('rate limits answer in the language of the body (pglite: the limits are kept in memory)', () => {
  let running: RunningBroker;
  beforeAll(async () => {
    // a tenth of the limits: choosing an offer is refused after 3 a minute
    running = await startBroker({ storage: 'pglite', env: { RATE_LIMIT_SCALE: '0.1' } });
  });
  afterAll(async () => running.close());

  it('answers 429 in the body language, then the query language, then Accept-Language, with the security headers', async () => {
    const choose = (body: Record<string, unknown>, query = '', headers: Record<string, string> = {}) =>
      sendJson(running.url, `/api/applications/chooseOffer${query}`, body, { headers });
    const body = { token: UNKNOWN_TOKEN, offerId: UNKNOWN_OFFER };
    for (let i = 0; i < 3; i++) {
      await expectError(await choose({ ...body, language: 'ru' }), { status: 404, error: 'invalidToken', lang: 'ru' });
    }
    await expectError(await choose({ ...body, language: 'ru' }), { status: 429, error: 'rateLimited', lang: 'ru' });
    await expectError(await choose({ ...body, language: 'lv' }, '', { 'accept-language': 'ru' }), {
      status: 429,
      error: 'rateLimited',
      lang: 'lv',
    });
    await expectError(await choose(body, '?lang=ru'), { status: 429, error: 'rateLimited', lang: 'ru' });
    await expectError(await choose(body, '', { 'accept-language': 'ru-RU,ru;q=0.9' }), {
      status: 429,
      error: 'rateLimited',
      lang: 'ru',
    });
  });
});
