import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validApplication } from '../fixtures/application.ts';
import { resumeSmartIdSessions } from '../../server/applications/smart-id-session.ts';
import { tokenHash } from '../../server/security/tokens.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';
import { answerSmartId, startIdentification, status, submit, waitForStatus } from '../support/flow.ts';

/**
 * A Smart-ID session is followed by the process that started it, under a lease in the database; a session whose
 * lease ran out (its process stopped) is taken up by the sweep of any process, and ends the identification as the
 * person answered on their phone.
 */
describe('Smart-ID sessions followed by the broker', () => {
  let broker: RunningBroker;

  beforeAll(async () => {
    broker = await startBroker({ storage: 'pglite' });
  });
  afterAll(async () => broker.close());

  /** A person of their own for each case: a new-format personal code (no date, no check digit). */
  const personalCode = () =>
    `32${String(randomInt(0, 10_000)).padStart(4, '0')}-${String(randomInt(0, 100_000)).padStart(5, '0')}`;

  const applicationId = async (token: string) => {
    const { rows } = await broker.broker.db.query<{ id: string }>('SELECT id FROM applications WHERE token_hash = $1', [
      tokenHash(token),
    ]);
    return rows[0]?.id;
  };

  const smartIdIdentification = async (token: string) => {
    const { rows } = await broker.broker.db.query<{ state: string; leased: boolean }>(
      `SELECT state, follow_until > now() AS leased FROM identifications WHERE application_id = $1 AND method = 'smartId'`,
      [await applicationId(token)],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  it('follows a started session under a lease, without a queued job, to the answer on the phone', async () => {
    const personalId = personalCode();
    const token = await submit(broker.url, { ...validApplication, personalId, dateOfBirth: '1985-06-15' });
    // the process's own watches (lenders out of time) run beside the sessions it follows
    const watches = broker.broker.background.size;
    const started = await startIdentification(broker.url, { token, language: 'lv', method: 'smartId' });
    expect(started.status).toBe(200);
    expect(await smartIdIdentification(token)).toMatchObject({ state: 'pending', leased: true });
    expect(broker.broker.background.size).toBe(watches + 1);

    await answerSmartId(broker.url, personalId, 'OK');
    const done = await waitForStatus(broker.url, token, (s) => s.identification.state === 'succeeded', 10_000);
    expect(done.identification).toMatchObject({ method: 'smartId', state: 'succeeded' });
    await expect.poll(() => broker.broker.background.size).toBe(watches);
    const jobs = await broker.broker.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'smart-id-poll'`,
    );
    expect(jobs.rows[0]?.count).toBe(0);
  });

  it('takes up a session whose process stopped once its lease has run out, and not before', async () => {
    const personalId = personalCode();
    const token = await submit(broker.url, { ...validApplication, personalId, dateOfBirth: '1985-06-15' });
    const watches = broker.broker.background.size;
    // what a process that stopped right after the start leaves: a pending identification with its session, and
    // a lease nobody renews (the session is opened here with the broker's own client, and nobody follows it)
    const session = await broker.broker.smartId.startAuthentication(personalId, 'Kredītkompass');
    if (session.kind !== 'started') throw new Error(`the simulator did not start a session: ${session.kind}`);
    const identificationId = randomUUID();
    const started = await applicationId(token);
    await broker.broker.db.query(
      `INSERT INTO identifications (id, application_id, method, state, provider_session_id, provider_challenge,
         verification_code, follow_until)
       VALUES ($1, $2, 'smartId', 'pending', $3, $4, $5, now() + interval '30 seconds')`,
      [identificationId, started, session.sessionId, session.hash, session.verificationCode],
    );
    // as the process that started it announced it (its NOTIFY reaches this one a moment later)
    broker.broker.hub.forget(started ?? '');
    // the lease still runs: another process holds the session
    expect(await resumeSmartIdSessions(broker.broker)).toBe(0);
    expect(broker.broker.background.size).toBe(watches);

    await broker.broker.db.query(
      `UPDATE identifications SET follow_until = now() - interval '1 second' WHERE id = $1`,
      [identificationId],
    );
    await answerSmartId(broker.url, personalId, 'OK');
    expect((await status(broker.url, token)).identification.state).toBe('pending');
    expect(await resumeSmartIdSessions(broker.broker)).toBe(1);
    const done = await waitForStatus(broker.url, token, (s) => s.identification.state === 'succeeded', 10_000);
    expect(done.identification).toMatchObject({ method: 'smartId', state: 'succeeded' });
    expect(done.state).not.toBe('enteringEssence');
    // ended: nothing is left to take up
    expect(await resumeSmartIdSessions(broker.broker)).toBe(0);
  });
});
