import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lvApi from '../../locales/lv/api.json';
import ruApi from '../../locales/ru/api.json';
import lvValidation from '../../locales/lv/validation.json';
import ruValidation from '../../locales/ru/validation.json';
import type { LoanApplicationInput } from '../../domain/application.ts';
import { validApplication } from '../fixtures/application.ts';
import { publisherApplicationsAnswerSchema, type PublisherApplicationsAnswer } from '../../domain/publisher-report.ts';
import type { Tracking } from '../../domain/tracking.ts';
import { tokenHash } from '../../server/security/tokens.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, status, waitForStatus } from '../support/flow.ts';

/** GET /api/publishers/applications: what a publisher learns about the applications it brought. */

const KEYS = {
  acme: 'acme-key-0123456789abcdefghij',
  acmeRotated: 'acme-next-key-ABCDEFGHIJKLMNOP',
  other: 'other-publisher-key-9876543210',
  quiet: 'quiet-publisher-key-000000000000',
};
const PUBLISHER_KEYS = [
  `acme.lv:${KEYS.acme}`,
  `acme.lv:${KEYS.acmeRotated}`,
  `other_pub:${KEYS.other}`,
  `quiet-one:${KEYS.quiet}`,
].join(',');

/** A person none of the other applications share, so the answer can be searched for them. */
const PERSON: Partial<LoanApplicationInput> = {
  firstname: 'Ilze',
  lastname: 'Kalniņa',
  personalId: '150385-10850',
  email: 'ilze.kalnina@example.lv',
  phoneNumber: '+37129876543',
  monthlyIncome: 2345,
  amount: 7777,
};

describe.each<Storage>(['pglite', 'postgres'])('the publisher report (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({
      storage,
      postgresUrl: inject('postgresUrl'),
      env: { PUBLISHER_KEYS },
    });
    base = running.url;
  });
  afterAll(async () => running.close());

  const submitTracked = async (
    tracking: Tracking,
    application: Partial<LoanApplicationInput> = {},
    extra: { test?: true } = {},
  ): Promise<{ token: string; id: string }> => {
    const response = await fetch(`${base}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        language: 'lv',
        application: { ...validApplication, ...application },
        tracking,
        ...extra,
      }),
    });
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    const [row] = (
      await running.broker.db.query<{ id: string }>('SELECT id FROM applications WHERE token_hash = $1', [
        tokenHash(token),
      ])
    ).rows;
    if (!row) throw new Error('the application was not stored');
    return { token, id: row.id };
  };

  const setCreatedAt = async (id: string, createdAt: string) =>
    running.broker.db.query('UPDATE applications SET created_at = $2 WHERE id = $1', [id, new Date(createdAt)]);

  const report = (query = '', headers: Record<string, string> = {}) =>
    fetch(`${base}/api/publishers/applications${query}`, { headers });

  const reportOf = async (key: string, query = ''): Promise<PublisherApplicationsAnswer> => {
    const response = await report(query, { authorization: `Bearer ${key}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return publisherApplicationsAnswerSchema.parse(await response.json());
  };

  it("shows a publisher its applications, newest first, with the campaign values and each one's state", async () => {
    const campaign = `spring-${randomUUID()}`;
    const first = await submitTracked({
      publisherId: 'acme.lv',
      utm_source: 'acme',
      utm_medium: 'widget',
      utm_campaign: campaign,
      utm_content: 'calculator',
      utm_term: 'patēriņa kredīts',
      click_ID: 'click-1',
      referrer: 'https://acme.lv/raksti/kredits',
      v: '1',
    });
    const second = await submitTracked({ publisherId: 'acme.lv', utm_campaign: campaign, utm_source: 'acme' });
    await identifyByBank(base, second.token, 'approve');
    const settled = await waitForStatus(base, second.token, allLendersAnswered);
    await setCreatedAt(first.id, '2030-01-01T10:00:00Z');
    await setCreatedAt(second.id, '2030-01-01T11:00:00Z');

    const answer = await reportOf(KEYS.acme, '?from=2030-01-01&to=2030-01-01');
    expect(answer.publisherId).toBe('acme.lv');
    expect(answer.applications).toEqual([
      {
        reference: expect.stringMatching(/^[0-9a-f]{16}$/),
        createdAt: '2030-01-01T11:00:00.000Z',
        state: settled.state,
        tracking: { utm_campaign: campaign, utm_source: 'acme' },
      },
      {
        reference: expect.stringMatching(/^[0-9a-f]{16}$/),
        createdAt: '2030-01-01T10:00:00.000Z',
        state: 'draft',
        tracking: {
          utm_source: 'acme',
          utm_medium: 'widget',
          utm_campaign: campaign,
          utm_content: 'calculator',
          utm_term: 'patēriņa kredīts',
          click_ID: 'click-1',
        },
      },
    ]);
    expect(settled.state).not.toBe('draft');
    expect((await status(base, first.token)).state).toBe('draft');

    // the rotated key is the same publisher
    expect(await reportOf(KEYS.acmeRotated, '?from=2030-01-01&to=2030-01-01')).toEqual(answer);
  });

  it('gives each application a stable reference that is neither its id nor its token', async () => {
    const { id, token } = await submitTracked({ publisherId: 'acme.lv', utm_campaign: 'reference' });
    await setCreatedAt(id, '2031-05-05T05:05:05Z');
    const once = await reportOf(KEYS.acme, '?from=2031-05-05&to=2031-05-05');
    const again = await reportOf(KEYS.acme, '?from=2031-05-05&to=2031-05-05');
    expect(once.applications).toHaveLength(1);
    const reference = once.applications[0]?.reference ?? '';
    expect(again.applications[0]?.reference).toBe(reference);
    for (const secret of [id, id.replaceAll('-', ''), token, tokenHash(token)]) {
      expect(secret).not.toContain(reference);
    }
    // another application, another reference
    const everyone = await reportOf(KEYS.acme, '?limit=500');
    const references = everyone.applications.map((application) => application.reference);
    expect(new Set(references).size).toBe(references.length);
  });

  it("leaves a widget's test applications out, and the status says test: true", async () => {
    const campaign = `test-mode-${randomUUID()}`;
    const { token } = await submitTracked({ publisherId: 'acme.lv', utm_campaign: campaign }, {}, { test: true });
    await submitTracked({ publisherId: 'acme.lv', utm_campaign: campaign });
    const acme = await reportOf(KEYS.acme, '?limit=500');
    expect(acme.applications.filter((application) => application.tracking.utm_campaign === campaign)).toHaveLength(1);
    const status = await fetch(`${base}/api/getApplicationStatus?token=${token}`);
    expect(((await status.json()) as { test?: boolean }).test).toBe(true);
  });

  it('refuses a test flag other than true, by the same schema', async () => {
    const response = await fetch(`${base}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ language: 'lv', application: validApplication, test: 'yes' }),
    });
    expect(response.status).toBe(400);
  });

  it("never shows one publisher another's applications", async () => {
    const campaign = `other-${randomUUID()}`;
    await submitTracked({ publisherId: 'other_pub', utm_campaign: campaign });
    await submitTracked({ utm_campaign: campaign });
    await submitTracked({ publisherId: 'acme.lv.evil', utm_campaign: campaign });

    const acme = await reportOf(KEYS.acme, '?limit=500');
    expect(acme.applications.length).toBeGreaterThan(0);
    expect(acme.applications.some((application) => application.tracking.utm_campaign === campaign)).toBe(false);

    const other = await reportOf(KEYS.other, '?limit=500');
    expect(other.publisherId).toBe('other_pub');
    expect(other.applications.map((application) => application.tracking.utm_campaign)).toEqual([campaign]);

    expect(await reportOf(KEYS.quiet)).toEqual({ publisherId: 'quiet-one', applications: [] });
  });

  it('answers no personal data, amounts or referrer', async () => {
    const { id, token } = await submitTracked(
      { publisherId: 'acme.lv', utm_campaign: 'privacy', referrer: 'https://acme.lv/private/page-of-ilze' },
      PERSON,
    );
    const response = await report('?limit=500', { authorization: `Bearer ${KEYS.acme}` });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('privacy');
    for (const secret of [
      PERSON.firstname,
      PERSON.lastname,
      'Kalnina',
      PERSON.personalId,
      '15038510850',
      PERSON.email,
      PERSON.phoneNumber,
      '29876543',
      'acme.lv/private',
      id,
      token,
      validApplication.firstname,
      validApplication.lastname,
      validApplication.personalId,
      validApplication.email,
      validApplication.phoneNumber,
    ]) {
      expect(text).not.toContain(String(secret));
    }
    for (const field of ['amount', 'monthlyIncome', 'term', 'purpose', 'referrer', 'language', 'token', 'id']) {
      expect(text).not.toContain(`"${field}"`);
    }
    const answer = JSON.parse(text) as PublisherApplicationsAnswer;
    expect(Object.keys(answer).sort()).toEqual(['applications', 'publisherId']);
    const allowed = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'click_ID'];
    for (const application of answer.applications) {
      expect(Object.keys(application).sort()).toEqual(['createdAt', 'reference', 'state', 'tracking']);
      for (const key of Object.keys(application.tracking)) expect(allowed).toContain(key);
    }
  });

  it('filters by day and by instant, both ends included', async () => {
    const campaign = `dates-${randomUUID()}`;
    const dates = ['2029-03-09T23:59:59Z', '2029-03-10T00:00:00Z', '2029-03-12T23:59:59.999Z', '2029-03-13T00:00:00Z'];
    for (const [index, createdAt] of dates.entries()) {
      const { id } = await submitTracked({ publisherId: 'quiet-one', utm_campaign: campaign, utm_content: `${index}` });
      await setCreatedAt(id, createdAt);
    }
    const contents = async (query: string) =>
      (await reportOf(KEYS.quiet, query)).applications.map((application) => application.tracking.utm_content);

    expect(await contents('')).toEqual(['3', '2', '1', '0']);
    expect(await contents('?from=2029-03-10&to=2029-03-12')).toEqual(['2', '1']);
    expect(await contents('?from=2029-03-10')).toEqual(['3', '2', '1']);
    expect(await contents('?to=2029-03-09')).toEqual(['0']);
    expect(await contents('?from=2029-03-13&to=2029-03-13')).toEqual(['3']);
    expect(await contents('?from=2029-03-11&to=2029-03-11')).toEqual([]);
    expect(await contents(`?from=${encodeURIComponent('2029-03-10T02:00:00+02:00')}`)).toEqual(['3', '2', '1']);
    expect(await contents(`?to=${encodeURIComponent('2029-03-10T00:00:00Z')}`)).toEqual(['1', '0']);
    expect(await contents('?limit=2')).toEqual(['3', '2']);
    expect(await contents('?limit=1&to=2029-03-10')).toEqual(['1']);
  });

  it('refuses a request without a valid key, in the Latvian or Russian of the request', async () => {
    const attempts: [Record<string, string>, string][] = [
      [{}, ''],
      [{ authorization: 'Bearer' }, ''],
      [{ authorization: `Bearer ${KEYS.acme}x` }, ''],
      [{ authorization: `Bearer ${KEYS.acme.slice(0, -1)}` }, ''],
      [{ authorization: `Basic ${Buffer.from(`acme.lv:${KEYS.acme}`).toString('base64')}` }, ''],
      [{ authorization: KEYS.acme }, ''],
      [{ authorization: 'Bearer acme.lv' }, '?limit=0'],
    ];
    for (const [headers, query] of attempts) {
      const response = await report(query, headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: 'unauthorized', message: lvApi.unauthorized });
    }
    const russian = [
      await report('', { 'accept-language': 'ru-RU,ru;q=0.9' }),
      await report('?lang=ru', { authorization: 'Bearer wrong-key-wrong-key-wrong-key' }),
      await report('?language=ru&limit=9999'),
    ];
    for (const response of russian) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'unauthorized', message: ruApi.unauthorized });
    }
    expect(ruApi.unauthorized).not.toBe(lvApi.unauthorized);
  });

  it('refuses a bad query with field messages', async () => {
    const refused = async (query: string, fields: Record<string, string>, language: 'lv' | 'ru' = 'lv') => {
      const response = await report(query, { authorization: `Bearer ${KEYS.acme}` });
      expect(response.status, query).toBe(400);
      const api = language === 'lv' ? lvApi : ruApi;
      expect(await response.json(), query).toEqual({ error: 'validation', message: api.validation, fields });
    };
    const lv = { limit: lvValidation.invalidValue };
    for (const limit of ['0', '501', '-1', '1.5', 'ten', '']) await refused(`?limit=${limit}`, lv);
    await refused('?limit=0&lang=ru', { limit: ruValidation.invalidValue }, 'ru');
    await refused('?from=yesterday', { from: lvValidation.invalidValue });
    await refused('?from=2029-02-30', { from: lvValidation.invalidValue });
    // the year 0 the ISO form allows is none the database knows
    await refused('?from=0000-02-29T20:00:00%2B00:00', { from: lvValidation.invalidValue });
    await refused('?to=2029-03-10T10:00:00', { to: lvValidation.invalidValue });
    await refused('?from=2029-03-11&to=2029-03-10', { to: lvValidation.invalidValue });

    for (const limit of ['1', '500']) {
      expect((await report(`?limit=${limit}`, { authorization: `Bearer ${KEYS.acme}` })).status).toBe(200);
    }
  });

  it('is documented in the OpenAPI document and backed by an index', async () => {
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.paths['/api/publishers/applications']?.get).toBeDefined();
    const indexes = await running.broker.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'applications_publisher_created_at'`,
    );
    expect(indexes.rows[0]?.indexdef).toMatch(/publisherId.*created_at DESC/);
  });
});

describe('the publisher report without PUBLISHER_KEYS', () => {
  let running: RunningBroker;

  beforeAll(async () => {
    // 60 a minute scaled down to 3
    running = await startBroker({ storage: 'pglite', env: { RATE_LIMIT_SCALE: '0.05' } });
  });
  afterAll(async () => running.close());

  it('lets nobody in, and counts the attempts against the rate limit', async () => {
    const attempt = () =>
      fetch(`${running.url}/api/publishers/applications`, { headers: { authorization: `Bearer ${KEYS.acme}` } });
    for (let i = 0; i < 3; i++) {
      const response = await attempt();
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'unauthorized', message: lvApi.unauthorized });
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'rateLimited', message: lvApi.rateLimited });
  });
});
