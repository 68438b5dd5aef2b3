import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lvApi from '../../locales/lv/api.json';
import ruApi from '../../locales/ru/api.json';
import ruValidation from '../../locales/ru/validation.json';
import { validApplication } from '../fixtures/application.ts';
import { deleteExpiredData, expireStaleApplications } from '../../server/applications/maintenance.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, status, submit, waitForStatus } from '../support/flow.ts';
import { present } from '../support/present.ts';

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the broker API', () => {
  let broker: RunningBroker;
  let base: string;

  beforeAll(async () => {
    broker = await startBroker({ storage: 'pglite', postgresUrl: inject('postgresUrl') });
    base = broker.url;
  });
  afterAll(async () => broker.close());

  const countApplications = async () =>
    (await broker.broker.db.query<{ count: number }>('SELECT count(*)::int AS count FROM applications')).rows[0]?.count;

  it('answers a repeated submission with the same token and creates nothing new', async () => {
    const key = randomUUID();
    const body = { language: 'lv', application: validApplication };
    const before = await countApplications();
    const first = await post(`${base}/api/applications`, body, { 'idempotency-key': key });
    const again = await post(`${base}/api/applications`, body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((await again.json()).token).toBe((await first.json()).token);
    expect(await countApplications()).toBe((before ?? 0) + 1);

    const changed = await post(
      `${base}/api/applications`,
      { ...body, application: { ...validApplication, amount: 5000 } },
      { 'idempotency-key': key },
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toMatchObject({ error: 'idempotencyKey', message: lvApi.idempotencyKey });
    expect(await countApplications()).toBe((before ?? 0) + 1);
  });

  it('refuses a submission without an idempotency key', async () => {
    const response = await post(`${base}/api/applications`, { language: 'lv', application: validApplication });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'idempotencyKey', message: lvApi.idempotencyKey });
  });

  it('answers field errors in the requested language with the spec messages, and stores nothing', async () => {
    const before = await countApplications();
    const response = await post(
      `${base}/api/applications`,
      {
        language: 'ru',
        application: { ...validApplication, personalId: '010180-15098', firstname: 'J', email: 'x@', loanPurpose: '' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation',
      message: ruApi.validation,
      fields: {
        personalId: ruValidation.personalCode,
        firstname: ruValidation.nameLength,
        email: ruValidation.email,
        loanPurpose: ruValidation.selectPurpose,
      },
    });
    expect(await countApplications()).toBe(before);
  });

  it('lists the identification banks, featured ones first, with logos', async () => {
    const response = await fetch(`${base}/api/institutions`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const institutions = (await response.json()) as { id: string; featured: boolean; order: number; logo: string }[];
    expect(institutions.length).toBeGreaterThanOrEqual(4);
    expect(institutions.filter((institution) => institution.featured).length).toBe(4);
    expect(institutions.map((institution) => institution.order)).toEqual(
      [...institutions.map((institution) => institution.order)].sort((a, b) => a - b),
    );
    const logo = await fetch(`${base}${present(institutions[0]).logo}`);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('pushes status changes over server-sent events, in order and ending with the latest, while polling keeps working', async () => {
    const token = await submit(base);
    const controller = new AbortController();
    const events = await fetch(`${base}/api/applicationStatusEvents?token=${token}`, { signal: controller.signal });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = present(events.body).pipeThrough(new TextDecoderStream()).getReader();
    const states: string[] = [];
    let buffer = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (data) states.push((JSON.parse(data) as { state: string }).state);
          if (states.includes('offers') && states.at(-1) === 'offers') return;
        }
      }
    })();
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 5000))]);
    controller.abort();
    // the changes of one burst (a bank that answers at once: identifying, then processing a moment later) may
    // come as one event, the latest; whatever comes, comes in the journey's order
    expect(states[0]).toBe('draft');
    expect(states.at(-1)).toBe('offers');
    const journey = ['draft', 'identifying', 'processing', 'offers'];
    const order = states.map((state) => journey.indexOf(state));
    expect(order.every((at, index) => at >= 0 && (index === 0 || at >= (order[index - 1] ?? 0)))).toBe(true);
  });

  it("refuses an offer whose validity ran out with 409 in the caller's language; a valid one is still chosen", async () => {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    const answered = await waitForStatus(base, token, allLendersAnswered);
    const [stale, fresh] = answered.offers;
    await broker.broker.db.query(`UPDATE offers SET valid_until = now() - interval '1 minute' WHERE id = $1`, [
      present(stale).id,
    ]);
    const expired = await post(`${base}/api/applications/chooseOffer`, {
      token,
      offerId: present(stale).id,
      language: 'ru',
    });
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ error: 'offerExpired', message: ruApi.offerExpired });
    const chosen = await post(`${base}/api/applications/chooseOffer`, { token, offerId: present(fresh).id });
    expect(chosen.status).toBe(200);
  });

  it('expires an application whose offers have all run out, and refuses to choose then', async () => {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    const answered = await waitForStatus(base, token, allLendersAnswered);
    await broker.broker.db.query(
      `UPDATE offers SET valid_until = now() - interval '1 minute'
       WHERE application_id = (SELECT id FROM applications WHERE state = 'offers' ORDER BY created_at DESC LIMIT 1)`,
    );
    expect(await expireStaleApplications(broker.broker)).toBeGreaterThanOrEqual(1);
    await waitForStatus(base, token, (s) => s.state === 'expired');
    const choice = await post(`${base}/api/applications/chooseOffer`, {
      token,
      offerId: present(answered.offers[0]).id,
    });
    expect(choice.status).toBe(409);
    expect((await choice.json()).error).toBe('wrongState');
  });

  it('deletes applications past the retention period', async () => {
    const token = await submit(base);
    await broker.broker.db.query(
      `UPDATE applications SET created_at = now() - interval '91 days'
       WHERE id = (SELECT id FROM applications ORDER BY created_at DESC LIMIT 1)`,
    );
    expect(await deleteExpiredData(broker.broker)).toBe(1);
    const gone = await fetch(`${base}/api/getApplicationStatus?token=${token}`, {
      headers: { 'accept-language': 'ru' },
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: 'invalidToken', message: ruApi.invalidToken });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/institutions',
      '/api/applications',
      '/api/getApplicationStatus',
      '/api/applicationStatusEvents',
      '/api/identification/start',
      '/api/identification/bank/{institutionId}/return',
      '/api/identification/eparaksts/callback',
      '/api/applications/chooseOffer',
      '/api/applications/standardInformation',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    const submission = JSON.stringify(document.paths['/api/applications']?.post?.requestBody);
    for (const field of [
      'monthlyIncome',
      'personalId',
      'politicalyExposedPerson',
      'acceptDataSharing',
      'spouseIncomeTypes',
    ]) {
      expect(submission).toContain(`"${field}"`);
    }
  });

  it('sends security headers with a Content Security Policy', async () => {
    const response = await fetch(`${base}/api/institutions`);
    const csp = response.headers.get('content-security-policy') ?? '';
    // an API answer is data: it may load nothing and be framed nowhere
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('still reports status for an application in the middle of processing', async () => {
    const token = await submit(base);
    expect((await status(base, token)).state).toBe('draft');
  });
});

describe('rate limits', () => {
  let broker: RunningBroker;
  beforeAll(async () => {
    broker = await startBroker({ storage: 'pglite', env: { RATE_LIMIT_SCALE: '0.1' } });
  });
  afterAll(async () => broker.close());

  it('answers 429 in the caller language once a client submits too often', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await post(
        `${broker.url}/api/applications`,
        { language: 'ru', application: validApplication },
        // a body route's limit is counted once the body is read: its language is the answer's
        { 'idempotency-key': randomUUID() },
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 2)).toEqual([201, 201]);
    expect(statuses.at(-1)).toBe(429);
    expect(await present(last).json()).toMatchObject({ error: 'rateLimited', message: ruApi.rateLimited });
  });
});
