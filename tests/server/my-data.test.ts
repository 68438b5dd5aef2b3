import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erasePersonData, exportPersonData, type PersonDataExport } from '../../server/account/my-data.ts';
import { chooseOffer } from '../../server/applications/choose-offer.ts';
import { WITHDRAWAL_QUEUE, type LenderWithdrawalJob } from '../../server/applications/lender-withdrawal.ts';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { personKeyOf } from '../../server/security/lookup-keys.ts';
import type { WithdrawalRecord } from '../../server/sandbox/lenders/sandbox-state.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, status, submit, waitForStatus } from '../support/flow.ts';

/**
 * "My data" against the real broker, its jobs and the sandbox lenders over HTTP: the export of everything held
 * about one person, and the erasure that withdraws their open applications with each lender that has them.
 */

/** a new-format personal code of its own for each person, so tests never share a person */
const newPerson = () =>
  `32${String(randomInt(0, 10_000)).padStart(4, '0')}-${String(randomInt(0, 100_000)).padStart(5, '0')}`;

/** every key of a JSON value, however deep */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

describe.each<Storage>(['pglite', 'postgres'])('my data (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const db = () => running.broker.db;
  const keyOf = (personalCode: string) => personKeyOf(running.broker.config.lookupKey, personalCode);

  /** Submits and identifies an application of the person, and waits until every lender has answered. */
  async function applicationWithOffers(personalCode: string, firstname: string) {
    const token = await submit(base, { personalId: personalCode, firstname, dateOfBirth: '1986-05-17' });
    await identifyByBank(base, token, 'approve', personalCode);
    const settled = await waitForStatus(base, token, allLendersAnswered);
    const id = await applicationIdForToken(running.broker, token);
    // person_key is set at submission; an older row would get it from the backfill
    await db().query('UPDATE applications SET person_key = $1 WHERE id = $2 AND person_key IS NULL', [
      keyOf(personalCode),
      id,
    ]);
    return { token, id, settled };
  }

  /** the lender rows the erasure must withdraw: each lender that has the application open */
  const heldByLenders = async (applicationId: string) =>
    (
      await db().query<{ lender_id: string; lender_reference: string }>(
        `SELECT lender_id, lender_reference FROM lender_requests
         WHERE application_id = $1 AND lender_reference IS NOT NULL AND state IN ('sent', 'offer', 'timeout')
         ORDER BY lender_id`,
        [applicationId],
      )
    ).rows;

  const withdrawals = async (): Promise<WithdrawalRecord[]> =>
    (await (await fetch(`${base}/sandbox/lenders/withdrawals`)).json()) as WithdrawalRecord[];

  /** Polls the sandbox lenders until each of these references is withdrawn. */
  async function withdrawnAt(references: readonly string[], timeoutMs = 15_000): Promise<WithdrawalRecord[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await withdrawals()).filter((record) => references.includes(record.reference));
      if (found.length >= references.length) return found;
      if (Date.now() > deadline) throw new Error(`withdrawn ${found.length} of ${references.length}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const count = async (sql: string, params: unknown[]) =>
    Number((await db().query<{ n: string | number }>(sql, params)).rows[0]?.n ?? 0);

  it('exports everything held about the person, as plain JSON, and nothing about how it is kept or about anyone else', async () => {
    const person = newPerson();
    const other = newPerson();
    const { token, id, settled } = await applicationWithOffers(person, 'Ilze');
    const otherToken = await submit(base, { personalId: other, firstname: 'Otīlija', dateOfBirth: '1990-01-02' });
    const offered = settled.offers[0];
    if (!offered) throw new Error('the sandbox lenders made no offer');
    const { signUrl } = await chooseOffer(running.broker, token, offered.id);
    await db().query(
      `INSERT INTO account_sessions (id_hash, person_key, first_name, method) VALUES ($1, $2, 'Ilze', 'bank')`,
      [randomBytes(32).toString('base64url'), keyOf(person)],
    );

    const data: PersonDataExport = await exportPersonData(running.broker, keyOf(person));
    const text = JSON.stringify(data);
    expect(JSON.parse(text)).toEqual(data); // plain JSON: nothing lost on the way out

    expect(data.about).toMatchObject({ controller: 'SIA "Kreditkompass"', registrationNumber: expect.any(String) });
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.applications).toHaveLength(1);
    const [application] = data.applications;
    expect(application).toMatchObject({
      id,
      state: 'offerChosen',
      language: 'lv',
      loan: { amount: 12000, term: 60, purpose: 'personalNeeds' },
      applicant: { firstname: 'Ilze', lastname: 'Bērziņš', personalId: person, email: 'janis@example.lv' },
      noticeChoices: expect.any(Object),
      chosenOfferId: offered.id,
      signUrl,
    });
    expect(application?.identifications).toEqual([
      {
        method: 'bank',
        institution: 'daugavas-banka',
        state: 'succeeded',
        failure: null,
        startedAt: expect.any(String),
        finishedAt: expect.any(String),
      },
    ]);
    expect(application?.lenders.map((lender) => lender.lenderId)).toEqual(
      settled.lenders.map((lender) => lender.lenderId).sort(),
    );
    expect(application?.lenders[0]).toMatchObject({ lenderName: expect.any(String), sentAt: expect.any(String) });
    expect(application?.offers).toHaveLength(settled.offers.length);
    expect(application?.offers.find((offer) => offer.id === offered.id)).toMatchObject({
      lenderId: offered.lenderId,
      lenderName: offered.lenderName,
      amount: offered.amount,
      term: offered.term,
      annualRate: offered.annualRate,
      arrangementFee: offered.arrangementFee,
      monthlyFee: offered.monthlyFee,
      monthlyPayment: offered.monthlyPayment,
      totalPayable: offered.totalPayable,
      totalCostOfCredit: offered.totalCostOfCredit,
      apr: offered.apr,
      exceedsCostCap: offered.exceedsCostCap,
      validUntil: offered.validUntil,
    });
    expect(data.consents.map((consent) => consent.kind).sort()).toEqual(['email', 'marketing', 'phone', 'sms']);
    expect(data.sessions).toEqual([{ method: 'bank', startedAt: expect.any(String), lastSeenAt: expect.any(String) }]);

    // nothing about how the rows are kept: no token, hash, ciphertext, key or provider secret, by name or value
    for (const key of keysOf(data)) {
      expect(key).not.toMatch(/token|hash|cipher|secret|nonce|person_?key|key_?id|lookup|provider|verification/i);
    }
    const [row] = (
      await db().query<{ token_hash: string; applicant_ciphertext: string; person_key: string }>(
        'SELECT token_hash, applicant_ciphertext, person_key FROM applications WHERE id = $1',
        [id],
      )
    ).rows;
    for (const secret of [token, row?.token_hash, row?.applicant_ciphertext, row?.person_key]) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(secret);
    }
    // nor anyone else's
    expect(text).not.toContain(other);
    expect(text).not.toContain('Otīlija');
    expect(text).not.toContain(otherToken);

    // a person with nothing held gets an empty export, not someone else's
    const nobody = await exportPersonData(running.broker, keyOf(newPerson()));
    expect(nobody.applications).toEqual([]);
    expect(nobody.sessions).toEqual([]);
  });

  it('erases the person in one go and tells each lender that has the application; a second erasure finds nothing', async () => {
    const person = newPerson();
    const other = newPerson();
    const { token, id } = await applicationWithOffers(person, 'Māra');
    // a second application, never identified: deleted, with no lender to tell
    await submit(base, { personalId: person, firstname: 'Māra', dateOfBirth: '1986-05-17' });
    const otherToken = await submit(base, { personalId: other, firstname: 'Otto', dateOfBirth: '1990-01-02' });
    const held = await heldByLenders(id);
    expect(held.length).toBeGreaterThan(0);
    const requestIds = (
      await db().query<{ id: string }>('SELECT id FROM lender_requests WHERE application_id = $1', [id])
    ).rows.map((row) => row.id);
    await db().query(
      `INSERT INTO account_sessions (id_hash, person_key, first_name, method) VALUES ($1, $2, 'Māra', 'smartId')`,
      [randomBytes(32).toString('base64url'), keyOf(person)],
    );
    await db().query(
      `INSERT INTO consents (person_key, kind, granted, source) VALUES ($1, 'marketing', true, 'account')
       ON CONFLICT DO NOTHING`,
      [keyOf(person)],
    );

    expect(await erasePersonData(running.broker, keyOf(person))).toEqual({
      withdrawnApplications: 1,
      deletedApplications: 2,
    });

    // gone: the applications with everything hanging on them, the consents, the sessions
    for (const table of ['applications', 'consents', 'account_sessions', 'login_attempts']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE person_key = $1`, [keyOf(person)])).toBe(0);
    }
    for (const table of ['identifications', 'lender_requests', 'offers', 'notices', 'continue_links']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE application_id = $1`, [id])).toBe(0);
    }
    expect((await fetch(`${base}/api/getApplicationStatus?token=${token}`)).status).toBe(404);
    // the other person's application is untouched
    expect((await status(base, otherToken)).firstName).toBe('Otto');

    // each lender that had it is told, by its own reference, for this application
    const recorded = await withdrawnAt(held.map((request) => request.lender_reference));
    expect(new Set(recorded.map((record) => `${record.lenderId} ${record.reference}`))).toEqual(
      new Set(held.map((request) => `${request.lender_id} ${request.lender_reference}`)),
    );
    expect(recorded).toHaveLength(held.length);
    for (const record of recorded) {
      expect(record.reason).toBe('erasure');
      expect(requestIds).toContain(record.applicationRef);
    }

    // the jobs carry the lender's reference and nothing personal
    const jobs = await running.broker.boss.findJobs<LenderWithdrawalJob>(WITHDRAWAL_QUEUE);
    const ours = jobs.filter((job) => held.some((request) => request.lender_reference === job.data.lenderReference));
    expect(ours).toHaveLength(held.length);
    for (const job of ours) {
      expect(Object.keys(job.data).sort()).toEqual(['lenderId', 'lenderReference', 'reason', 'requestId']);
      expect(JSON.stringify(job.data)).not.toMatch(/Māra|Bērziņš|janis@example|\d{6}-\d{5}/);
    }

    expect(await erasePersonData(running.broker, keyOf(person))).toEqual({
      withdrawnApplications: 0,
      deletedApplications: 0,
    });
    expect((await exportPersonData(running.broker, keyOf(person))).applications).toEqual([]);
  });

  it('waits for a send still in flight, then withdraws it too; a lender that is down gets it when it is back', async () => {
    const person = newPerson();
    const { id } = await applicationWithOffers(person, 'Zane');
    const held = await heldByLenders(id);
    const [inFlight, down] = held;
    if (!inFlight || !down) throw new Error('expected two lenders holding the application');

    // one send looks in flight: claimed with a live lease, its reference not yet written
    await db().query(
      `UPDATE lender_requests SET state = 'sending', lease_until = now() + interval '30 seconds'
       WHERE application_id = $1 AND lender_id = $2`,
      [id, inFlight.lender_id],
    );
    const behave = (lenderId: string, mode: string) =>
      fetch(`${base}/sandbox/lenders/${lenderId}/behaviour`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
    await behave(down.lender_id, 'error500');
    try {
      const erasing = erasePersonData(running.broker, keyOf(person));
      await new Promise((resolve) => setTimeout(resolve, 600));
      // the send ends: the lender answered with its reference
      await db().query(
        `UPDATE lender_requests SET state = 'sent', lease_until = NULL WHERE application_id = $1 AND lender_id = $2`,
        [id, inFlight.lender_id],
      );
      expect(await erasing).toEqual({ withdrawnApplications: 1, deletedApplications: 1 });
      await withdrawnAt([inFlight.lender_reference]);
      // the lender that answers 500 has not got it; its job failed once and waits to retry with backoff
      const deadline = Date.now() + 10_000;
      for (;;) {
        const jobs = await running.broker.boss.findJobs<LenderWithdrawalJob>(WITHDRAWAL_QUEUE);
        const job = jobs.find((candidate) => candidate.data.lenderReference === down.lender_reference);
        if (job?.state === 'retry') break;
        if (Date.now() > deadline) throw new Error(`the withdrawal did not fail: ${job?.state ?? 'no job'}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await withdrawals()).some((record) => record.reference === down.lender_reference)).toBe(false);
    } finally {
      await behave(down.lender_id, 'normal');
    }
    const [retried] = await withdrawnAt([down.lender_reference], 20_000);
    expect(retried).toMatchObject({ lenderId: down.lender_id, reason: 'erasure' });
  });

  it('a signed application goes too; its contract’s lender is not told, the others that had it are', async () => {
    const person = newPerson();
    const { token, id, settled } = await applicationWithOffers(person, 'Laima');
    const offered = settled.offers[0];
    if (!offered) throw new Error('the sandbox lenders made no offer');
    await chooseOffer(running.broker, token, offered.id);
    await db().query(`UPDATE applications SET state = 'signed' WHERE id = $1`, [id]);
    const held = await heldByLenders(id);
    const others = held.filter((request) => request.lender_id !== offered.lenderId);

    expect(await erasePersonData(running.broker, keyOf(person))).toEqual({
      withdrawnApplications: others.length > 0 ? 1 : 0,
      deletedApplications: 1,
    });
    await withdrawnAt(others.map((request) => request.lender_reference));
    const contract = held.find((request) => request.lender_id === offered.lenderId);
    expect((await withdrawals()).some((record) => record.reference === contract?.lender_reference)).toBe(false);
  });
});
