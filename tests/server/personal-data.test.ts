import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lvApi from '../../locales/lv/api.json';
import ruApi from '../../locales/ru/api.json';
import { applicationStatusSchema, type ApplicationStatus } from '../../domain/api.ts';
import type { LoanApplicationInput } from '../../domain/application.ts';
import { validApplication } from '../fixtures/application.ts';
import { openApplicant } from '../../server/applications/applicant-record.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from '../../server/applications/status.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, browserMarkOf, formOf, postForm } from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * Personal data goes in once, with the submission, and comes out only to the lenders: never in an
 * answer (bar the first name in the status), never in a log line, and never readable in the database.
 */

/** a new-format code, typed without its hyphen; the server writes it 387215-60493 */
const PERSONAL_CODE = '387215-60493';
const FIRST_NAME = 'Zelma';
const LAST_NAME = 'Kalniņa';
const EMAIL = 'zelma.kalnina.4417@pasts.example.lv';
/** typed with spaces; the server writes it +37126198437 */
const PHONE = '+37126198437';
const DATE_OF_BIRTH = '1979-04-23';
/** far above any figure of a 1 500 EUR loan's offers, so it cannot turn up there by chance */
const MONTHLY_INCOME = 7013.58;

const application: LoanApplicationInput = {
  ...validApplication,
  amount: 1500,
  term: 24,
  monthlyIncome: MONTHLY_INCOME,
  firstname: FIRST_NAME,
  lastname: LAST_NAME,
  personalId: PERSONAL_CODE.replace('-', ''),
  dateOfBirth: DATE_OF_BIRTH,
  email: EMAIL,
  phoneNumber: '+371 2619 8437',
  // notices by e-mail and SMS: their jobs are the queue's, checked below like the tables
  emailNotices: true,
  smsNotices: true,
};

/** What must never leave the server, in every form it was typed or stored in. */
const PERSONAL: Readonly<Record<string, string>> = {
  'personal code': PERSONAL_CODE,
  'personal code without hyphen': PERSONAL_CODE.replace('-', ''),
  email: EMAIL,
  phone: PHONE,
  'phone as typed': '+371 2619 8437',
  'subscriber number': PHONE.slice(4),
  'last name': LAST_NAME,
  'date of birth': DATE_OF_BIRTH,
};

const TABLES = ['applications', 'identifications', 'lender_requests', 'offers', 'partner_nonces'] as const;

/** An answer the test received from the broker: status line, every header, the body. */
interface Answer {
  readonly what: string;
  readonly status: number;
  readonly headers: string;
  readonly body: string;
  /** a status answer, which may greet the person by first name */
  readonly carriesStatus: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each<Storage>(['pglite', 'postgres'])('personal data (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  const answers: Answer[] = [];

  /** Keeps what the broker answered, for the checks at the end, and gives the body back. */
  async function record(what: string, response: Response, carriesStatus = false): Promise<string> {
    const body = await response.text();
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    answers.push({ what, status: response.status, headers, body, carriesStatus });
    return body;
  }

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
    });

  async function status(token: string): Promise<ApplicationStatus> {
    const response = await fetch(`${base}/api/getApplicationStatus?token=${token}`);
    const body = await record('status', response, true);
    expect(response.status).toBe(200);
    return applicationStatusSchema.parse(JSON.parse(body));
  }

  async function statusUntil(token: string, done: (status: ApplicationStatus) => boolean, what: string) {
    const deadline = Date.now() + 15_000;
    let last = await status(token);
    while (!done(last)) {
      expect(Date.now(), what).toBeLessThan(deadline);
      await sleep(50);
      last = await status(token);
    }
    return last;
  }

  /** The first event of the status stream, read and recorded, and the stream closed. */
  async function firstStatusEvent(token: string): Promise<string> {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/applicationStatusEvents?token=${token}`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = present(response.body, 'an event stream').pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    controller.abort();
    const event = text.slice(0, text.indexOf('\n\n'));
    answers.push({
      what: 'status event',
      status: response.status,
      headers: [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n'),
      body: event,
      carriesStatus: true,
    });
    return event;
  }

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  it('answers, logs and stores nothing personal but the first name in the status, and keeps the rest encrypted', async () => {
    // submit
    const submitted = await post(
      '/api/applications',
      { language: 'lv', application },
      { 'idempotency-key': randomUUID() },
    );
    const { token } = JSON.parse(await record('submit', submitted)) as { token: string };
    expect(submitted.status).toBe(201);

    // the status and its stream greet by first name
    const draft = await status(token);
    expect(draft.firstName).toBe(FIRST_NAME);
    const event = await firstStatusEvent(token);
    const streamed = applicationStatusSchema.parse(JSON.parse(present(/^data: (.*)$/m.exec(event)?.[1], 'data')));
    expect(streamed).toMatchObject({ state: 'draft', firstName: FIRST_NAME });

    // identification by bank: the start, then the bank's page, then the broker's redirect back
    const started = await post('/api/identification/start', {
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
    });
    const { redirectUrl } = JSON.parse(await record('identification start', started)) as { redirectUrl: string };
    expect(started.status).toBe(200);
    const returnState = present(new URL(redirectUrl).searchParams.get('state'), 'the bank state');
    const page = await fetch(redirectUrl);
    const { action, fields } = formOf(await page.text(), redirectUrl);
    // the bank's own redirect carries the code and names to the broker: that is the bank protocol
    const decided = await postForm(action, {
      ...fields,
      personal_code: PERSONAL_CODE,
      first_name: FIRST_NAME,
      last_name: LAST_NAME,
      decision: 'approve',
    });
    expect(decided.status).toBe(303);
    const back = await fetch(present(decided.headers.get('location'), 'the bank redirect'), {
      redirect: 'manual',
      headers: { cookie: present(browserMarkOf(started), 'the starting browser’s mark') },
    });
    await record('bank return', back);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/applicantWorkflow/confirmingIdentity');

    // every lender answers
    const answered = await statusUntil(token, allLendersAnswered, 'every lender answers in time');
    expect(answered.state).toBe('offers');
    const offer = present(answered.offers[0], 'an offer');

    // choose an offer
    const chosen = await post('/api/applications/chooseOffer', { token, offerId: offer.id });
    const { signUrl } = JSON.parse(await record('choose offer', chosen)) as { signUrl: string };
    expect(chosen.status).toBe(200);
    expect(signUrl).toContain('/contracts/');
    // polled: on PostgreSQL the status cache can serve the state before the choice for a moment
    const final = await statusUntil(token, (s) => s.state === 'offerChosen', 'the status shows the choice');
    expect(final).toMatchObject({ state: 'offerChosen', firstName: FIRST_NAME, signUrl });

    // the status is the schema's fields and nothing more: of the person, the first name only
    const raw = JSON.parse(present(answers.at(-1), 'the last status').body) as Record<string, unknown>;
    // (`test` is there for a publisher's test application only)
    expect(Object.keys(raw).sort()).toEqual(
      Object.keys(applicationStatusSchema.shape)
        .filter((key) => key !== 'test')
        .sort(),
    );
    expect(raw.firstName).toBe(FIRST_NAME);

    // -- answers: no personal data in any header or body; the first name only where a status is
    expect(answers.length).toBeGreaterThanOrEqual(8);
    for (const answer of answers) {
      const text = `${answer.status}\n${answer.headers}\n\n${answer.body}`;
      for (const [what, value] of Object.entries(PERSONAL)) {
        expect(text, `${answer.what} carries the ${what}`).not.toContain(value);
      }
      expect(text, `${answer.what} carries the monthly income`).not.toContain(String(MONTHLY_INCOME));
      if (answer.carriesStatus) expect(answer.body).toContain(`"firstName":"${FIRST_NAME}"`);
      else expect(text, `${answer.what} carries the first name`).not.toContain(FIRST_NAME);
    }

    // -- logs: no personal data, no token, no bank state, no query string
    const logs = running.logs;
    expect(logs.some((line) => line.includes('/api/identification/bank/daugavas-banka/return'))).toBe(true);
    for (const line of logs) {
      for (const [what, value] of Object.entries({ ...PERSONAL, 'first name': FIRST_NAME })) {
        expect(line, `a log line carries the ${what}`).not.toContain(value);
      }
      expect(line, 'a log line carries the monthly income').not.toContain(String(MONTHLY_INCOME));
      expect(line, 'a log line carries the token').not.toContain(token);
      expect(line, 'a log line carries the bank state').not.toContain(returnState);
      expect(line, 'a log line carries a query string').not.toMatch(/[?&][\w.-]+=/);
      const entry = JSON.parse(line) as { req?: { path?: string } };
      if (entry.req) expect(entry.req.path).not.toContain('?');
    }

    // -- database: every column of every row, as text, is free of personal data and of the token
    const forbidden = {
      ...PERSONAL,
      'first name': FIRST_NAME,
      'monthly income': String(MONTHLY_INCOME),
      token,
    };
    for (const table of TABLES) {
      const rows = (await running.broker.db.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`)).rows;
      expect(rows.length, `${table} has rows`).toBeGreaterThan(0);
      for (const { row } of rows) {
        for (const [what, value] of Object.entries(forbidden)) {
          expect(row, `${table} stores the ${what}`).not.toContain(value);
        }
      }
    }
    // nor does the job queue carry any of it (the notices that the offers are here)
    const jobs = (await running.broker.db.query<{ row: string }>('SELECT t::text AS row FROM pgboss.job t')).rows;
    expect(jobs.length).toBeGreaterThan(0);
    for (const { row } of jobs) {
      for (const [what, value] of Object.entries(forbidden))
        expect(row, `a job carries the ${what}`).not.toContain(value);
    }

    // -- the ciphertext is the application: it opens with the key, to exactly what was submitted
    const [stored] = (
      await running.broker.db.query<ApplicationRow & { token_hash: string; token_ciphertext: string }>(
        `SELECT ${APPLICATION_COLUMNS}, token_hash, token_ciphertext FROM applications WHERE token_hash = $1`,
        [createHash('sha256').update(token).digest('base64url')],
      )
    ).rows;
    const row = present(stored, 'the application row');
    expect(openApplicant(running.broker.cipher, row)).toEqual({
      ...application,
      personalId: PERSONAL_CODE,
      phoneNumber: PHONE,
      acceptDirectMarketing: false,
      excludedLenders: [],
    });
    // bound to its row: on another row it does not open
    expect(() =>
      running.broker.cipher.decrypt(row.key_id, present(row.applicant_ciphertext, 'a ciphertext'), randomUUID()),
    ).toThrow();

    // -- the token: 256 random bits, base64url; stored as its SHA-256, and otherwise only encrypted
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bits = Buffer.from(token, 'base64url');
    expect(bits).toHaveLength(32);
    expect(bits.toString('base64url')).toBe(token);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(row.token_hash).not.toBe(token);
    const [keyId, ciphertext] = row.token_ciphertext.split(/\.(.*)/s);
    expect(running.broker.cipher.decrypt(present(keyId), present(ciphertext), `${row.id}:token`)).toBe(token);
  });

  it('stops answering a token once it expires', async () => {
    // 0.00001 days: 864 ms
    const short = await startBroker({
      storage,
      postgresUrl: inject('postgresUrl'),
      env: { TOKEN_TTL_DAYS: '0.00001' },
    });
    try {
      const url = short.url;
      const submitted = await fetch(`${url}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ language: 'lv', application }),
      });
      expect(submitted.status).toBe(201);
      const { token, expiresAt } = (await submitted.json()) as { token: string; expiresAt: string };
      const expiry = Date.parse(expiresAt);
      expect(expiry - Date.now()).toBeLessThanOrEqual(864);

      // before the expiry the token works (whenever the answer is back before it, the server read it before it)
      const live = await fetch(`${url}/api/getApplicationStatus?token=${token}`);
      if (Date.now() < expiry) expect(live.status).toBe(200);

      await sleep(Math.max(1200, expiry - Date.now() + 300));
      const gone = await fetch(`${url}/api/getApplicationStatus?token=${token}`);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ error: 'invalidToken', message: lvApi.invalidToken });
      const goneRu = await fetch(`${url}/api/getApplicationStatus?token=${token}`, {
        headers: { 'accept-language': 'ru' },
      });
      expect(await goneRu.json()).toEqual({ error: 'invalidToken', message: ruApi.invalidToken });

      // and nothing else takes it either
      const events = await fetch(`${url}/api/applicationStatusEvents?token=${token}`);
      expect(events.status).toBe(404);
      expect((await events.json()) as { error: string }).toMatchObject({ error: 'invalidToken' });
      for (const [path, body] of [
        ['/api/identification/start', { token, language: 'lv', method: 'smartId' }],
        ['/api/applications/chooseOffer', { token, offerId: randomUUID() }],
      ] as const) {
        const response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status, path).toBe(404);
        expect(await response.json(), path).toEqual({ error: 'invalidToken', message: lvApi.invalidToken });
      }
    } finally {
      await short.close();
    }
  });
});
