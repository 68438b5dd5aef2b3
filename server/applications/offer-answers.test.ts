import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { normalizeOffer } from '../../domain/offer.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { statementsWaitingForLock } from '../db/lock-waits.ts';
import { createApplicationBatches } from './application-batches.ts';
import { offerAnswerChange, type OfferAnswer } from './offer-answers.ts';
import { STATUS_CHANNEL } from './status-hub.ts';
import type { Broker } from '../broker.ts';
import { mayStartSql, setStateSql } from './lifecycle/transition.ts';

/** Refusals are logged; these tests read what the database holds instead. */
const quiet = { log: { warn: () => undefined } } as unknown as Pick<Broker, 'log'>;

/**
 * A batch of offers alone is one statement without a transaction around it. These run it against PostgreSQL,
 * where another process's transaction can change the same application while the statement waits for its lock.
 */
describe('offer answers in one statement (PostgreSQL)', () => {
  let url: string;
  let db: Database;
  let other: pg.Client;

  beforeAll(async () => {
    // a database of its own in the test run's cluster
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `kk_offers_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const address = new URL(inject('postgresUrl'));
    address.pathname = `/${name}`;
    url = address.toString();
    db = await openDatabase({ url });
    await migrate(db);
    other = new pg.Client({ connectionString: url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await db.close();
  });

  /** An identified application waiting for the lenders named. */
  async function waitingApplication(lenders: readonly string[], noticeChoices = {}) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO applications (id, token_hash, token_expires_at, idempotency_key, request_hash, token_ciphertext,
         state, language, amount, term, purpose, key_id, notice_choices, identified_at)
       VALUES ($1, $2, now() + interval '1 day', $2, 'h', 'c', 'processing', 'lv', 1000, 12, 'car', 'k', $3, now())`,
      [id, `token-${id}`, noticeChoices],
    );
    const requests = new Map<string, string>();
    for (const lender of lenders) {
      const requestId = randomUUID();
      requests.set(lender, requestId);
      await db.query(
        `INSERT INTO lender_requests (id, application_id, lender_id, state, sent_at) VALUES ($1, $2, $3, 'sent', now())`,
        [requestId, id, lender],
      );
    }
    return { id, requests };
  }

  const answerOf = (lenderId: string, requestId: string, lenderOfferId = `${lenderId}-1`): OfferAnswer => ({
    requestId,
    lenderId,
    lenderOfferId,
    offer: normalizeOffer(
      {
        offerId: lenderOfferId,
        amount: 1000,
        term: 12,
        annualRate: 12,
        arrangementFee: 0,
        monthlyFee: 0,
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      },
      { id: lenderId, name: lenderId, kind: 'bank' },
      randomUUID(),
    ),
  });

  /** A signed message's nonce, as the partner route passes it on. */
  const freshNonce = () => ({ value: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 600_000) });

  const stateOf = async (applicationId: string) =>
    (await db.query<{ state: string }>('SELECT state FROM applications WHERE id = $1', [applicationId])).rows[0]?.state;

  it('stores the offers, marks their requests answered and moves the application to offers, announcing it', async () => {
    const { id, requests } = await waitingApplication(['a', 'b', 'c']);
    const notified: string[] = [];
    const unlisten = await db.listen(STATUS_CHANNEL, (payload) => notified.push(payload));
    const committed: unknown[] = [];
    const batches = createApplicationBatches(db, async (_, choices) => void committed.push(choices), 0);

    await Promise.all(
      ['a', 'b'].map((lender) =>
        batches.apply(id, offerAnswerChange(quiet, id, answerOf(lender, requests.get(lender) ?? ''))),
      ),
    );

    expect(await stateOf(id)).toBe('offers');
    const { rows } = await db.query<{ lender_id: string; state: string }>(
      'SELECT lender_id, state FROM lender_requests WHERE application_id = $1 ORDER BY lender_id',
      [id],
    );
    expect(rows).toEqual([
      { lender_id: 'a', state: 'offer' },
      { lender_id: 'b', state: 'offer' },
      { lender_id: 'c', state: 'sent' },
    ]);
    const offers = await db.query('SELECT 1 FROM offers WHERE application_id = $1', [id]);
    expect(offers.rows).toHaveLength(2);
    expect(committed.length).toBeGreaterThan(0);
    expect(committed.every((choices) => JSON.stringify(choices) === '{}')).toBe(true);
    await expect.poll(() => notified).toContain(id);
    await unlisten();
  });

  it('stores a repeated answer once', async () => {
    const { id, requests } = await waitingApplication(['a']);
    const batches = createApplicationBatches(db, async () => undefined, 0);
    const answer = answerOf('a', requests.get('a') ?? '');
    await batches.apply(id, offerAnswerChange(quiet, id, answer));
    await batches.apply(id, offerAnswerChange(quiet, id, { ...answer, offer: { ...answer.offer, id: randomUUID() } }));
    const offers = await db.query('SELECT 1 FROM offers WHERE application_id = $1', [id]);
    expect(offers.rows).toHaveLength(1);
    expect(await stateOf(id)).toBe('offers');
  });

  it('refreshes the progress when another process changed the application while it waited for the lock', async () => {
    // another process holds the application and stores lender a's offer; this one gets the same answer (a
    // repeated delivery) and waits for the lock. When it runs, the offer is there but not in its snapshot:
    // without the refresh it would find no offer and move the application back to processing
    const { id, requests } = await waitingApplication(['a', 'b']);
    const answer = answerOf('a', requests.get('a') ?? '');
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM applications WHERE id = $1 FOR UPDATE', [id]);
    await other.query(
      `INSERT INTO offers (id, application_id, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee,
         monthly_fee, monthly_payment, total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until)
       VALUES ($1, $2, 'a', $3, 1000, 12, 12, 0, 0, 88.85, 1066.19, 66.19, 12.68, false, now() + interval '1 day')`,
      [randomUUID(), id, answer.lenderOfferId],
    );
    await other.query(`UPDATE lender_requests SET state = 'offer', answered_at = now() WHERE id = $1`, [
      requests.get('a'),
    ]);
    await other.query(
      `UPDATE applications SET ${setStateSql('offerArrived')}, updated_at = now()
       WHERE id = $1 AND ${mayStartSql('offerArrived')}`,
      [id],
    );

    const batches = createApplicationBatches(db, async () => undefined, 0);
    const applied = batches.apply(id, offerAnswerChange(quiet, id, answer));
    // the statement is waiting for the row lock (asked outside the holding transaction)
    await expect.poll(() => statementsWaitingForLock(db, 'WITH locked AS'), { timeout: 10_000 }).toBe(1);
    await other.query('COMMIT');
    await applied;

    expect(await stateOf(id)).toBe('offers');
    const offers = await db.query('SELECT 1 FROM offers WHERE application_id = $1', [id]);
    expect(offers.rows).toHaveLength(1);
  });

  it("records an answer's nonce in the statement that stores it, and refuses the nonce again as a replay", async () => {
    const { id, requests } = await waitingApplication(['a', 'b']);
    const batches = createApplicationBatches(db, async () => undefined, 0);
    const nonce = freshNonce();
    const answer = { ...answerOf('a', requests.get('a') ?? ''), nonce };
    await batches.apply(id, offerAnswerChange(quiet, id, answer));
    const recorded = await db.query('SELECT 1 FROM partner_nonces WHERE partner = $1 AND nonce = $2', [
      'a',
      nonce.value,
    ]);
    expect(recorded.rows).toHaveLength(1);

    // the same message again, even with an offer of another id: refused, nothing stored
    const again = { ...answer, lenderOfferId: 'a-2', offer: { ...answer.offer, id: randomUUID() } };
    await expect(batches.apply(id, offerAnswerChange(quiet, id, again))).rejects.toMatchObject({
      reason: 'replayedMessage',
    });
    const offers = await db.query('SELECT 1 FROM offers WHERE application_id = $1', [id]);
    expect(offers.rows).toHaveLength(1);
  });

  it('takes a nonce twice in one batch once, for the first, and stores the rest of the batch', async () => {
    const { id, requests } = await waitingApplication(['a', 'b']);
    const gathering = createApplicationBatches(db, async () => undefined, 20);
    const nonce = freshNonce();
    const first = { ...answerOf('a', requests.get('a') ?? ''), nonce };
    const outcomes = await Promise.allSettled([
      gathering.apply(id, offerAnswerChange(quiet, id, first)),
      gathering.apply(id, offerAnswerChange(quiet, id, { ...first, offer: { ...first.offer, id: randomUUID() } })),
      gathering.apply(id, offerAnswerChange(quiet, id, answerOf('b', requests.get('b') ?? ''))),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { reason: 'replayedMessage' } });
    expect(await stateOf(id)).toBe('offers');
    const offers = await db.query('SELECT lender_id FROM offers WHERE application_id = $1 ORDER BY lender_id', [id]);
    expect(offers.rows).toEqual([{ lender_id: 'a' }, { lender_id: 'b' }]);
  });

  it('refuses every answer of an application that takes no offer, alone or batched with other changes', async () => {
    const { id, requests } = await waitingApplication(['a', 'b', 'c']);
    await db.query(`UPDATE applications SET ${setStateSql('expired')} WHERE id = $1 AND ${mayStartSql('expired')}`, [
      id,
    ]);
    const batches = createApplicationBatches(db, async () => undefined, 20);
    // alone: the one-statement form
    await expect(
      batches.apply(id, offerAnswerChange(quiet, id, answerOf('a', requests.get('a') ?? ''))),
    ).rejects.toMatchObject({ reason: 'wrongState' });
    // with a decline in the same batch: the transaction's form, where the decline is still made
    const outcomes = await Promise.allSettled([
      batches.apply(id, offerAnswerChange(quiet, id, answerOf('b', requests.get('b') ?? ''))),
      batches.apply(id, async (tx) => {
        await tx.query(`UPDATE lender_requests SET state = 'declined' WHERE id = $1`, [requests.get('c')]);
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
    expect(outcomes[0]).toMatchObject({ reason: { reason: 'wrongState' } });
    expect(await stateOf(id)).toBe('expired');
    expect((await db.query('SELECT 1 FROM offers WHERE application_id = $1', [id])).rows).toHaveLength(0);
    const answered = await db.query<{ lender_id: string; state: string }>(
      'SELECT lender_id, state FROM lender_requests WHERE application_id = $1 ORDER BY lender_id',
      [id],
    );
    expect(answered.rows.map((row) => row.state)).toEqual(['sent', 'sent', 'declined']);
  });

  it("passes on the application's notice choices, so a person who asked for none costs no notice check", async () => {
    const { id, requests } = await waitingApplication(['a'], { email: true });
    const committed: unknown[] = [];
    const batches = createApplicationBatches(db, async (_, choices) => void committed.push(choices), 0);
    await batches.apply(id, offerAnswerChange(quiet, id, answerOf('a', requests.get('a') ?? '')));
    expect(committed).toEqual([{ email: true }]);
  });
});
