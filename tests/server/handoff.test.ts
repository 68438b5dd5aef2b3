import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lvApi from '../../locales/lv/api.json';
import ruApi from '../../locales/ru/api.json';
import lvValidation from '../../locales/lv/validation.json';
import ruValidation from '../../locales/ru/validation.json';
import { deleteExpiredData } from '../../server/applications/maintenance.ts';
import { ApiRequestError, createBrokerClient } from '../../src/api/broker-client.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { status, submit } from '../support/flow.ts';

/** The one-time handoff of an application from a widget to a tab of the site, over HTTP. */

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe.each<Storage>(['pglite', 'postgres'])('handing an application over to another tab (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const createHandoff = async (token: string): Promise<string> => {
    const response = await post(`${base}/api/applications/handoff`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { code } = (await response.json()) as { code: string };
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return code;
  };
  const redeem = (code: string, headers: Record<string, string> = {}) =>
    post(`${base}/api/applications/handoff/redeem`, { code }, headers);

  it("trades a code for the application's token, which then opens the application", async () => {
    const token = await submit(base);
    const code = await createHandoff(token);
    const response = await redeem(code);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as { token: string };
    expect(answer).toEqual({ token });
    expect((await status(base, answer.token)).state).toBe('draft');
  });

  it('stores only the hash of a code, for two minutes', async () => {
    const code = await createHandoff(await submit(base));
    const rows = (
      await running.broker.db.query<{ code_hash: string; seconds: number; used_at: Date | null }>(
        `SELECT code_hash, extract(epoch FROM expires_at - created_at)::int AS seconds, used_at
         FROM application_handoffs WHERE code_hash = $1`,
        [sha256(code)],
      )
    ).rows;
    expect(rows).toEqual([{ code_hash: sha256(code), seconds: 120, used_at: null }]);
    const found = await running.broker.db.query(
      `SELECT 1 FROM application_handoffs h WHERE position($1 IN h::text) > 0`,
      [code],
    );
    expect(found.rows).toHaveLength(0);
  });

  it('answers a second redeem of a code with 400 handoffExpired, in the caller language', async () => {
    const code = await createHandoff(await submit(base));
    expect((await redeem(code)).status).toBe(200);
    const again = await redeem(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'handoffExpired', message: lvApi.handoffExpired });
    const inRussian = await redeem(code, { 'accept-language': 'ru' });
    expect(inRussian.status).toBe(400);
    expect(await inRussian.json()).toEqual({ error: 'handoffExpired', message: ruApi.handoffExpired });
  });

  it('lets only one of two redeems of a code at the same moment succeed', async () => {
    const token = await submit(base);
    for (let round = 0; round < 5; round++) {
      const code = await createHandoff(token);
      const answers = await Promise.all([redeem(code), redeem(code), redeem(code)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    }
  });

  it('refuses a code past its two minutes, and the retention job deletes it', async () => {
    const code = await createHandoff(await submit(base));
    await running.broker.db.query(
      `UPDATE application_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1`,
      [sha256(code)],
    );
    const late = await redeem(code);
    expect(late.status).toBe(400);
    expect((await late.json()).error).toBe('handoffExpired');

    const fresh = await createHandoff(await submit(base));
    await deleteExpiredData(running.broker);
    const left = await running.broker.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM application_handoffs WHERE code_hash = ANY($1)',
      [[sha256(code), sha256(fresh)]],
    );
    expect(left.rows.map((row) => row.code_hash)).toEqual([sha256(fresh)]);
  });

  it('refuses a code whose application has lost its token since', async () => {
    const token = await submit(base);
    const code = await createHandoff(token);
    await running.broker.db.query(
      `UPDATE applications SET token_expires_at = now() - interval '1 second'
       WHERE id = (SELECT application_id FROM application_handoffs WHERE code_hash = $1)`,
      [sha256(code)],
    );
    expect((await redeem(code)).status).toBe(400);
  });

  it('refuses a well-formed code it never gave', async () => {
    const response = await redeem('x'.repeat(43), { 'accept-language': 'ru' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'handoffExpired', message: ruApi.handoffExpired });
  });

  it('answers an unknown token with 404 invalidToken and makes no code', async () => {
    const count = async () =>
      (await running.broker.db.query<{ n: number }>('SELECT count(*)::int AS n FROM application_handoffs')).rows[0]?.n;
    const before = await count();
    const response = await post(`${base}/api/applications/handoff`, { token: 'u'.repeat(43), language: 'ru' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'invalidToken', message: ruApi.invalidToken });
    expect(await count()).toBe(before);
  });

  it('answers malformed bodies with 400 in the caller language', async () => {
    const badToken = await post(`${base}/api/applications/handoff`, { token: 'short', language: 'ru' });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toEqual({
      error: 'validation',
      message: ruApi.validation,
      fields: { token: ruValidation.invalidValue },
    });

    const noCode = await post(`${base}/api/applications/handoff/redeem`, {});
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toEqual({
      error: 'validation',
      message: lvApi.validation,
      fields: { code: lvValidation.invalidValue },
    });

    const badCode = await post(`${base}/api/applications/handoff/redeem`, { code: 'a/b', language: 'ru' });
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ error: 'validation', fields: { code: ruValidation.invalidValue } });

    const notJson = await post(`${base}/api/applications/handoff/redeem`, '{"code":', { 'accept-language': 'ru' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'malformedBody', message: ruApi.malformedBody });
  });

  it('logs neither codes nor tokens', async () => {
    const token = await submit(base);
    const code = await createHandoff(token);
    expect((await redeem(code)).status).toBe(200);
    expect((await redeem(code)).status).toBe(400);
    expect(running.logs.some((line) => line.includes('/api/applications/handoff/redeem'))).toBe(true);
    for (const line of running.logs) {
      expect(line).not.toContain(code);
      expect(line).not.toContain(token);
    }
  });

  it("works with the browser's client, whose error for a spent code is in the page's language", async () => {
    const client = createBrokerClient({ baseUrl: base, language: () => 'ru', eventSource: undefined });
    const token = await submit(base);
    const { code } = await client.createHandoff(token);
    expect(await client.redeemHandoff(code)).toEqual({ token });
    const spent = await client.redeemHandoff(code).catch((error: unknown) => error);
    expect(spent).toBeInstanceOf(ApiRequestError);
    expect(spent).toMatchObject({ status: 400, code: 'handoffExpired', message: ruApi.handoffExpired });
  });

  it('documents both routes in the OpenAPI document', async () => {
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.paths['/api/applications/handoff']?.post).toBeDefined();
    expect(document.paths['/api/applications/handoff/redeem']?.post).toBeDefined();
  });
});
