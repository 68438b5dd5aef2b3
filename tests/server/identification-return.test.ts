import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import {
  answerSmartId,
  startIdentification,
  status,
  submit,
  throughProviderPage,
  waitForStatus,
} from '../support/flow.ts';

/**
 * Where the bank and eParaksts send the person back: the wizard, or, for an identification a
 * widget started in a popup, the widget's page that closes it.
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

  it('follows the latest start: a wizard start after a widget one returns to the wizard', async () => {
    const token = await submit(base);
    const first = await startIdentification(base, {
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
      returnTo: 'widget',
    });
    expect(first.status).toBe(200);
    expect(await identify(token, 'bank', 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
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
