import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { statementsWaitingForLock } from '../../server/db/lock-waits.ts';
import { createDatabase, startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import {
  allLendersAnswered,
  answerSmartId,
  formOf,
  identifyByBank,
  postForm,
  startIdentification,
  status,
  submit,
  throughProviderPage,
  waitForStatus,
} from '../support/flow.ts';

/**
 * Where the bank, eParaksts and the lender's signing page send the person back: the wizard, or, for
 * an identification or a signature a widget started in a new tab, the widget's page that closes it.
 */

const PERSON = '010180-15097';
const OTHER_PERSON = '120389-10050';

describe.each<Storage>(['pglite', 'postgres'])('the identification return (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  /** Starts an identification and answers the provider's page; the path it redirects back to. */
  const identify = async (
    token: string,
    method: 'bank' | 'eSignature',
    decision: 'approve' | 'refuse',
    extra: Record<string, unknown> = {},
    personalCode = PERSON,
  ): Promise<string> => {
    const start = await startIdentification(base, {
      token,
      language: 'lv',
      method,
      ...(method === 'bank' ? { institutionId: 'daugavas-banka' } : {}),
      ...extra,
    });
    expect(start.status).toBe(200);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const names: Record<string, string> =
      method === 'bank'
        ? { first_name: 'Jānis', last_name: 'Bērziņš' }
        : { given_name: 'Jānis', family_name: 'Bērziņš' };
    const { wizardPath } = await throughProviderPage(redirectUrl, { personal_code: personalCode, ...names, decision });
    return wizardPath;
  };

  it("sends a widget's approved bank identification to the widget's page, and the application goes on", async () => {
    const token = await submit(base);
    expect(await identify(token, 'bank', 'approve', { returnTo: 'widget' })).toBe(
      '/widget/v1/identified?lang=lv&result=confirmed',
    );
    expect((await status(base, token)).identification).toMatchObject({ method: 'bank', state: 'succeeded' });
  });

  it("sends a widget's refused bank identification to the widget's page as failed", async () => {
    const token = await submit(base);
    expect(await identify(token, 'bank', 'refuse', { returnTo: 'widget' })).toBe(
      '/widget/v1/identified?lang=lv&result=failed',
    );
    expect(await status(base, token)).toMatchObject({
      state: 'identificationFailed',
      identification: { method: 'bank', failure: 'refused' },
    });
  });

  it("reports someone else's identity to the widget's page as failed, in the application's language", async () => {
    const token = await submit(base, {}, 'ru');
    expect(await identify(token, 'bank', 'approve', { returnTo: 'widget' }, OTHER_PERSON)).toBe(
      '/widget/v1/identified?lang=ru&result=failed',
    );
    expect((await status(base, token)).identification).toMatchObject({ failure: 'personalCodeMismatch' });
  });

  it('sends a bank identification without returnTo, or with wizard, to the wizard as before', async () => {
    expect(await identify(await submit(base), 'bank', 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    expect(await identify(await submit(base), 'bank', 'refuse', { returnTo: 'wizard' })).toBe(
      '/applicantWorkflow/choosingIdConfirmationMethodWithError',
    );
    expect(await identify(await submit(base, {}, 'ru'), 'bank', 'approve', { returnTo: 'wizard' })).toBe(
      '/ru/applicantWorkflow/confirmingIdentity',
    );
  });

  /** A bank identification's start at the sandbox's bank, answered but not yet followed. */
  const startAtBank = (token: string, extra: Record<string, unknown> = {}) =>
    startIdentification(base, { token, language: 'lv', method: 'bank', institutionId: 'daugavas-banka', ...extra });

  it('follows the latest start: a wizard start after a widget one returns to the wizard', async () => {
    const token = await submit(base);
    const first = await startAtBank(token, { returnTo: 'widget' });
    expect(first.status).toBe(200);
    expect(await identify(token, 'bank', 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
  });

  it('abandons a start when the person chooses another method: its return identifies no one', async () => {
    const token = await submit(base);
    const first = await startAtBank(token);
    const { redirectUrl } = (await first.json()) as { redirectUrl: string };
    const second = await startIdentification(base, { token, language: 'lv', method: 'eSignature' });
    expect(second.status).toBe(200);
    const { wizardPath } = await throughProviderPage(redirectUrl, {
      personal_code: PERSON,
      first_name: 'Jānis',
      last_name: 'Bērziņš',
      decision: 'approve',
    });
    expect(wizardPath).not.toBe('/applicantWorkflow/confirmingIdentity');
    expect(await status(base, token)).toMatchObject({
      state: 'identifying',
      identification: { method: 'eSignature', state: 'pending' },
      lenders: [],
    });
  });

  it("sends a widget's electronic signature to the widget's page, approved and refused", async () => {
    expect(await identify(await submit(base, {}, 'ru'), 'eSignature', 'approve', { returnTo: 'widget' })).toBe(
      '/widget/v1/identified?lang=ru&result=confirmed',
    );
    expect(await identify(await submit(base), 'eSignature', 'refuse', { returnTo: 'widget' })).toBe(
      '/widget/v1/identified?lang=lv&result=failed',
    );
    expect(await identify(await submit(base), 'eSignature', 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
  });

  /** Chooses the first offer with `extra` in the body and signs at the lender's; where the lender sends the person. */
  const signFirstOffer = async (token: string, extra: Record<string, unknown>) => {
    const { offers } = await waitForStatus(base, token, allLendersAnswered);
    const choice = await fetch(`${base}/api/applications/chooseOffer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, offerId: offers[0]?.id, ...extra }),
    });
    expect(choice.status).toBe(200);
    const { signUrl } = (await choice.json()) as { signUrl: string };
    const { action, fields } = formOf(await (await fetch(signUrl)).text(), signUrl);
    const signed = await postForm(action, { ...fields, consent: 'yes' });
    expect(signed.status).toBe(303);
    return signed.headers.get('location');
  };

  it("sends a widget's signature at the lender's to the widget's page, in the application's language", async () => {
    const token = await submit(base, {}, 'ru');
    await identifyByBank(base, token, 'approve');
    expect(await signFirstOffer(token, { returnTo: 'widget' })).toBe(
      `${base}/widget/v1/identified?lang=ru&result=signed`,
    );
    await waitForStatus(base, token, (s) => s.state === 'paid');

    const wizard = await submit(base);
    await identifyByBank(base, wizard, 'approve');
    expect(await signFirstOffer(wizard, {})).toBe(`${base}/applicantWorkflow/offerChosen`);
  });

  it('refuses a choice whose returnTo is neither wizard nor widget', async () => {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    const { offers } = await waitForStatus(base, token, allLendersAnswered);
    const choice = await fetch(`${base}/api/applications/chooseOffer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, offerId: offers[0]?.id, returnTo: 'https://attacker.example/' }),
    });
    expect(choice.status).toBe(400);
    expect((await status(base, token)).state).toBe('offers');
  });

  it('refuses a returnTo that is neither wizard nor widget', async () => {
    const token = await submit(base);
    for (const returnTo of ['popup', '', 'https://attacker.example/']) {
      const response = await startIdentification(base, {
        token,
        language: 'lv',
        method: 'bank',
        institutionId: 'daugavas-banka',
        returnTo,
      });
      expect(response.status).toBe(400);
    }
    expect((await status(base, token)).state).toBe('draft');
  });

  it('starts Smart-ID with a returnTo left aside, as Smart-ID has no return', async () => {
    const personalCode = '325671-23456';
    const token = await submit(base, { personalId: personalCode, dateOfBirth: '1985-07-21' });
    const response = await startIdentification(base, { token, language: 'lv', method: 'smartId', returnTo: 'widget' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toEqual({ method: 'smartId', verificationCode: expect.stringMatching(/^\d{4}$/) });
    expect((await status(base, token)).identification).toMatchObject({ method: 'smartId', state: 'pending' });
    const rows = await running.broker.db.query<{ return_to: string }>(
      `SELECT i.return_to FROM identifications i WHERE i.method = 'smartId' AND i.state = 'pending'`,
    );
    expect(rows.rows.map((row) => row.return_to)).toEqual(['wizard']);
    // the session ends, so no poll is left running when the server closes
    await answerSmartId(base, personalCode, 'USER_REFUSED');
    await waitForStatus(base, token, (s) => s.state === 'identificationFailed');
  });
});

/** Two starts of the same application at once, from two processes: one identification at most stays pending. */
describe('two identification starts at once (postgres)', () => {
  let running: RunningBroker;
  let other: pg.Client;

  beforeAll(async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    running = await startBroker({ storage: 'postgres', databaseUrl });
    other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await running.close();
  });

  it('abandons the identification the other start stored while this one waited for the application', async () => {
    const token = await submit(running.url);
    const applicationId = await applicationIdForToken(running.broker, token);
    // the other process's start: the application locked and changed, its identification stored, not yet committed
    await other.query('BEGIN');
    await other.query(`UPDATE applications SET state = 'identifying', updated_at = now() WHERE id = $1`, [
      applicationId,
    ]);
    await other.query(
      `INSERT INTO identifications (id, application_id, method, state) VALUES ($1, $2, 'eSignature', 'pending')`,
      [randomUUID(), applicationId],
    );
    const start = startIdentification(running.url, {
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
    });
    await expect.poll(() => statementsWaitingForLock(running.broker.db, 'WITH locked AS'), { timeout: 10_000 }).toBe(1);
    await other.query('COMMIT');
    expect((await start).status).toBe(200);

    const { rows } = await running.broker.db.query<{ method: string; state: string }>(
      `SELECT method, state FROM identifications WHERE application_id = $1 ORDER BY created_at`,
      [applicationId],
    );
    expect(rows).toEqual([
      { method: 'eSignature', state: 'abandoned' },
      { method: 'bank', state: 'pending' },
    ]);
    expect(await status(running.url, token)).toMatchObject({
      state: 'identifying',
      identification: { method: 'bank', state: 'pending' },
    });
  });
});
