import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { accountAnswerSchema, eraseAnswerSchema, type AccountAnswer } from '../../domain/account-api.ts';
import { requeueUnsentErasureNotices } from '../../server/account/erasure-notices.ts';
import { expireStaleApplications } from '../../server/applications/maintenance.ts';
import { QUEUES } from '../../server/jobs/queues.ts';
import type { LenderSandboxStats } from '../../server/sandbox/lenders/plugin.ts';
import { personalCode } from '../e2e/support/personal-code.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, loginByBank, submit, waitForStatus } from '../support/flow.ts';
import { jobAwaitsRetry, queueDrained } from '../support/settled.ts';

/**
 * An erasure (GDPR Art. 17 and 19) seen from both ends: every lender that ever received one of the person's
 * applications gets the word once, whatever it answered and however the application ended, and the person, logged
 * in again, sees which lenders were told and whether they answered.
 */

interface Withdrawal {
  lenderId: string;
  reference: string;
  applicationRef: string | null;
  requestId: string;
  reason: string;
}

describe.each<Storage>(['pglite', 'postgres'])('erasure tells every lender (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const json = { 'content-type': 'application/json' };

  const login = async (code: string): Promise<string> => (await loginByBank(base, code)).setCookie.split(';')[0] ?? '';

  const account = async (cookie: string): Promise<AccountAnswer> => {
    const response = await fetch(`${base}/api/account`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return accountAnswerSchema.parse(await response.json());
  };

  /** What the lenders received: one `lenderId applicationRef` each, as their own statistics count them. */
  const received = async (): Promise<Set<string>> => {
    const stats = (await (await fetch(`${base}/sandbox/lenders/stats`)).json()) as Record<string, LenderSandboxStats>;
    return new Set(
      Object.entries(stats).flatMap(([lenderId, s]) =>
        Object.keys(s.byApplicationRef).map((ref) => `${lenderId} ${ref}`),
      ),
    );
  };

  const withdrawals = async (): Promise<Withdrawal[]> =>
    (await (await fetch(`${base}/sandbox/lenders/withdrawals`)).json()) as Withdrawal[];

  const behave = async (lenderId: string, mode: 'normal' | 'error500') =>
    fetch(`${base}/sandbox/lenders/${lenderId}/behaviour`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ mode }),
    });

  /** Submitted, identified and answered by every lender it went to. */
  const answeredApplication = async (
    code: string,
    loan: { monthlyIncome?: number; amount?: number; term?: number } = {},
  ) => {
    const token = await submit(base, { personalId: code, firstname: 'Anna', ...loan });
    await identifyByBank(base, token, 'approve', code);
    return waitForStatus(base, token, allLendersAnswered);
  };

  const erase = async (cookie: string) => {
    const response = await fetch(`${base}/api/account/erase`, { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(200);
    return eraseAnswerSchema.parse(await response.json());
  };

  it('tells the lenders of an open, an expired and a declined application, each once, and shows them after a new login', async () => {
    const person = personalCode(1500, '140382');
    const before = await received();
    // an income some banks decline (their minimum is 600 € a month) and the others take
    const open = await answeredApplication(person, { monthlyIncome: 500, amount: 3000, term: 24 });
    const expiring = await answeredApplication(person);
    const declined = open.lenders.filter((lender) => lender.progress === 'declined');
    expect(declined.length).toBeGreaterThan(0);
    expect(open.lenders.some((lender) => lender.progress === 'offer')).toBe(true);

    let cookie = await login(person);
    const [newest] = (await account(cookie)).applications;
    await running.broker.db.query(
      `UPDATE applications SET token_expires_at = now() - interval '1 second' WHERE id = $1`,
      [newest?.id],
    );
    await expireStaleApplications(running.broker);
    const states = (await account(cookie)).applications.map((application) => application.state);
    expect(states).toEqual(['expired', 'offers']);

    const sentTo = [...(await received())].filter((key) => !before.has(key));
    expect(sentTo.length).toBe(open.lenders.length + expiring.lenders.length);

    const answer = await erase(cookie);
    expect(answer.deletedApplications).toBe(2);
    expect(answer.withdrawnApplications).toBe(1);
    const lenderIds = new Set(sentTo.map((key) => key.split(' ')[0]));
    expect(answer.lendersToBeTold.map((lender) => lender.lenderId).sort()).toEqual([...lenderIds].sort());
    expect(answer.lendersToBeTold.every((lender) => lender.lender !== lender.lenderId)).toBe(true);

    await queueDrained(running.broker.boss, QUEUES.lenderWithdrawal);
    // as the README says: a finished job, which names the lender's reference, goes a day after it ends
    const jobs = await running.broker.boss.findJobs<{ reason: string }>(QUEUES.lenderWithdrawal);
    const erasureJobs = jobs.filter((job) => job.data.reason === 'erasure');
    expect(erasureJobs.length).toBeGreaterThanOrEqual(sentTo.length);
    expect(erasureJobs.every((job) => job.deleteAfterSeconds === 86_400)).toBe(true);
    const erasures = (await withdrawals()).filter((withdrawal) => withdrawal.reason === 'erasure');
    for (const key of sentTo) {
      const told = erasures.filter((withdrawal) => `${withdrawal.lenderId} ${withdrawal.applicationRef}` === key);
      expect(told, key).toHaveLength(1);
    }
    // the lenders that declined the open application were told as well
    for (const lender of declined)
      expect(erasures.some((withdrawal) => withdrawal.lenderId === lender.lenderId)).toBe(true);

    cookie = await login(person);
    const again = await account(cookie);
    expect(again.applications).toEqual([]);
    expect(again.erasures).toHaveLength(1);
    // and the data download (Art. 15) carries the same record
    const exported = await fetch(`${base}/api/account/export`, { headers: { cookie } });
    expect(((await exported.json()) as { erasures: unknown }).erasures).toEqual(again.erasures);
    const [erasure] = again.erasures;
    expect(erasure?.lenders).toHaveLength(sentTo.length);
    for (const lender of erasure?.lenders ?? []) {
      expect(lender).toMatchObject({
        outcome: 'acknowledged',
        sentAt: expect.any(String),
        answeredAt: expect.any(String),
      });
      expect(answer.lendersToBeTold.find((told) => told.lenderId === lender.lenderId)?.lender).toBe(lender.lender);
    }
  });

  it('tries a lender that is down again, and records its answer once it is back', { timeout: 90_000 }, async () => {
    const person = personalCode(1600, '221190');
    const before = await received();
    const application = await answeredApplication(person);
    const down = application.lenders[0]?.lenderId ?? '';
    const [downKey] = [...(await received())].filter((key) => !before.has(key) && key.startsWith(`${down} `));
    const toDown = async () =>
      (await withdrawals()).filter(
        (withdrawal) =>
          withdrawal.reason === 'erasure' && `${withdrawal.lenderId} ${withdrawal.applicationRef}` === downKey,
      );
    expect(downKey).toBeDefined();
    expect((await behave(down, 'error500')).status).toBe(200);
    try {
      const answer = await erase(await login(person));
      expect(answer.lendersToBeTold.map((lender) => lender.lenderId)).toContain(down);

      await jobAwaitsRetry(running.broker.boss, QUEUES.lenderWithdrawal);
      expect(await toDown()).toEqual([]);
      const waiting = (await account(await login(person))).erasures[0]?.lenders.find((l) => l.lenderId === down);
      expect(waiting).toMatchObject({ outcome: 'pending', sentAt: expect.any(String), answeredAt: null });
    } finally {
      await behave(down, 'normal');
    }

    await queueDrained(running.broker.boss, QUEUES.lenderWithdrawal, 60_000);
    expect(await toDown()).toHaveLength(1);
    const told = (await account(await login(person))).erasures[0]?.lenders.find((l) => l.lenderId === down);
    expect(told).toMatchObject({ outcome: 'acknowledged', sentAt: expect.any(String), answeredAt: expect.any(String) });
  });

  it('sends the notices an erasure could not queue once the sweep comes by, each once', async () => {
    const person = personalCode(1700, '030870');
    const before = await received();
    await answeredApplication(person);
    const sentTo = [...(await received())].filter((key) => !before.has(key));
    const queueDown = vi.spyOn(running.broker.boss, 'send').mockRejectedValue(new Error('queue unavailable'));
    let answer;
    try {
      answer = await erase(await login(person));
    } finally {
      queueDown.mockRestore();
    }
    // the person's data is gone and the answer still names the lenders to be told
    expect(answer.deletedApplications).toBe(1);
    expect(answer.lendersToBeTold.length).toBeGreaterThan(0);
    const told = async () =>
      (await withdrawals()).filter(
        (withdrawal) =>
          withdrawal.reason === 'erasure' && sentTo.includes(`${withdrawal.lenderId} ${withdrawal.applicationRef}`),
      );
    expect(await told()).toEqual([]);

    // the sweep leaves a fresh erasure a few minutes to queue its own notices; here those minutes have passed
    await running.broker.db.query(
      `UPDATE erasures SET requested_at = now() - interval '10 minutes' WHERE requested_at > now() - interval '1 minute'`,
    );
    expect(await requeueUnsentErasureNotices(running.broker)).toBe(sentTo.length);
    await queueDrained(running.broker.boss, QUEUES.lenderWithdrawal);
    expect((await told()).length).toBe(sentTo.length);
    expect(new Set((await told()).map((withdrawal) => withdrawal.requestId)).size).toBe(sentTo.length);
    // sent and answered: the next sweep has nothing left to queue
    expect(await requeueUnsentErasureNotices(running.broker)).toBe(0);
    const erasure = (await account(await login(person))).erasures[0];
    expect(erasure?.lenders.every((lender) => lender.outcome === 'acknowledged')).toBe(true);
  });
});
