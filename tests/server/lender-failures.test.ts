import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, servingLenderCount, submit, waitForStatus } from '../support/flow.ts';

/** Each misbehaving lender spoils only its own row; everyone else's offers arrive. */
describe.each<Storage>(['pglite', 'postgres'])('lenders that fail (%s)', (storage) => {
  let broker: RunningBroker;

  beforeAll(async () => {
    broker = await startBroker({
      storage,
      postgresUrl: inject('postgresUrl'),
      env: { LENDER_MAX_ATTEMPTS: '2', LENDER_ANSWER_TIMEOUT_SECONDS: '2' },
    });
  });
  afterAll(async () => broker.close());

  it('marks a lender that answers 500, stays silent, or calls back malformed or badly signed as no answer', async () => {
    const misbehaving = {
      'ziemelu-banka': 'error500',
      'amber-finance': 'silent',
      'gaujas-banka': 'malformedCallback',
      'skudra-finance': 'badSignature',
    } as const;
    for (const [lenderId, mode] of Object.entries(misbehaving)) {
      const set = await fetch(`${broker.url}/sandbox/lenders/${lenderId}/behaviour`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      expect(set.status).toBeLessThan(300);
    }
    const token = await submit(broker.url);
    await identifyByBank(broker.url, token, 'approve');
    const final = await waitForStatus(broker.url, token, allLendersAnswered, 25_000);

    const progress = Object.fromEntries(final.lenders.map((lender) => [lender.lenderId, lender.progress]));
    for (const lenderId of Object.keys(misbehaving)) expect(progress[lenderId]).toBe('noAnswer');
    const others = final.lenders.filter((lender) => !(lender.lenderId in misbehaving));
    expect(others).toHaveLength((await servingLenderCount(broker.url)) - Object.keys(misbehaving).length);
    for (const lender of others) expect(['offer', 'declined']).toContain(lender.progress);
    expect(final.offers.length).toBeGreaterThan(0);
    expect(final.offers.every((offer) => !(offer.lenderId in misbehaving))).toBe(true);
    expect(final.state).toBe('offers');
  }, 40_000);
});
