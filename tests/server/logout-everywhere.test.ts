import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountAnswerSchema } from '../../domain/account-api.ts';
import { validApplication } from '../fixtures/application.ts';
import { createDatabase, startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, loginByBank, status, waitForStatus } from '../support/flow.ts';
import { present } from '../support/present.ts';
import { personalCode } from '../e2e/support/personal-code.ts';

/**
 * "Log out everywhere" reaches every way back in: sessions, and also the applications' tokens (a 30-day
 * token in another browser read the status and chose an offer after it) and their handoff codes. The
 * applications themselves stay, and the account opens them again.
 */

const json = { 'content-type': 'application/json' };
let seed = 1000;
/** A personal code of its own for each test, so one test's logout touches no other's applications. */
const nextPerson = () => {
  seed += 20;
  return personalCode(seed, '020381');
};

describe.each<Storage>(['pglite', 'postgres'])('log out everywhere (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    databaseUrl = storage === 'postgres' ? await createDatabase(inject('postgresUrl')) : undefined;
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl'), databaseUrl });
    base = running.url;
  });
  afterAll(async () => running.close());

  const post = (broker: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${broker}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

  /** An application of the person with its offers in, as another browser holds it: its token and submission. */
  const applicationWithOffers = async (personalId: string) => {
    const idempotencyKey = randomUUID();
    const submission = { language: 'lv', application: { ...validApplication, personalId } };
    const submitted = await post(base, '/api/applications', submission, { 'idempotency-key': idempotencyKey });
    expect(submitted.status).toBe(201);
    const { token } = (await submitted.json()) as { token: string };
    await identifyByBank(base, token, 'approve', personalId);
    const answered = await waitForStatus(base, token, allLendersAnswered);
    return { token, idempotencyKey, submission, answered };
  };

  const logoutEverywhere = async (personalId: string) => {
    const session = (await loginByBank(base, personalId)).setCookie.split(';')[0] ?? '';
    const out = await post(base, '/api/account/logout', { everywhere: true }, { cookie: session });
    expect(out.status).toBe(204);
  };

  it('leaves no old token, handoff code or replayed submission working, and tells that browser to log in', async () => {
    const person = nextPerson();
    const { token, idempotencyKey, submission, answered } = await applicationWithOffers(person);
    const offer = present(answered.offers[0], 'an offer');
    const handoff = await post(base, '/api/applications/handoff', { token });
    const { code } = (await handoff.json()) as { code: string };

    await logoutEverywhere(person);

    const read = await fetch(`${base}/api/getApplicationStatus?token=${token}`);
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual({
      error: 'tokenRevoked',
      message: expect.stringContaining('Pieslēdzieties sadaļā “Mans profils”'),
    });
    const choose = await post(base, '/api/applications/chooseOffer?lang=ru', { token, offerId: offer.id });
    expect(choose.status).toBe(404);
    expect(await choose.json()).toMatchObject({ error: 'tokenRevoked', message: expect.stringContaining('Войдите') });
    const redeem = await post(base, '/api/applications/handoff/redeem', { code });
    expect(redeem.status).toBe(400);
    expect(await redeem.json()).toMatchObject({ error: 'handoffExpired' });
    const replay = await post(base, '/api/applications', submission, { 'idempotency-key': idempotencyKey });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ error: 'tokenRevoked' });
  });

  it('loses nothing: after a new login the account opens the application where it was, with its offers', async () => {
    const person = nextPerson();
    const { token, answered } = await applicationWithOffers(person);
    await logoutEverywhere(person);
    expect((await fetch(`${base}/api/getApplicationStatus?token=${token}`)).status).toBe(404);

    const session = (await loginByBank(base, person)).setCookie.split(';')[0] ?? '';
    const overview = accountAnswerSchema.parse(
      await (await fetch(`${base}/api/account`, { headers: { cookie: session } })).json(),
    );
    const listed = present(overview.applications[0], 'the application');
    expect(listed.state).toBe(answered.state);
    const handoff = await post(base, `/api/account/applications/${listed.id}/handoff`, {}, { cookie: session });
    expect(handoff.status).toBe(200);
    const { code } = (await handoff.json()) as { code: string };
    const redeemed = await post(base, '/api/applications/handoff/redeem', { code });
    expect(redeemed.status).toBe(200);
    const { token: renewed } = (await redeemed.json()) as { token: string };
    expect(renewed).not.toBe(token);
    const now = await status(base, renewed);
    expect(now.state).toBe(answered.state);
    expect(now.offers.map((offer) => offer.id)).toEqual(answered.offers.map((offer) => offer.id));
  });

  // several server processes share one database only on a real PostgreSQL server
  if (storage === 'postgres') {
    it('reaches a second server process that had the old token in its cache', async () => {
      const person = nextPerson();
      const { token } = await applicationWithOffers(person);
      const other = await startBroker({ storage, postgresUrl: inject('postgresUrl'), databaseUrl });
      try {
        // the other process has seen the token: its next reads would come from its cache
        expect((await fetch(`${other.url}/api/getApplicationStatus?token=${token}`)).status).toBe(200);
        await logoutEverywhere(person);
        await expect
          .poll(async () => (await fetch(`${other.url}/api/getApplicationStatus?token=${token}`)).status, {
            timeout: 5000,
          })
          .toBe(404);
      } finally {
        await other.close();
      }
    });
  }
});
