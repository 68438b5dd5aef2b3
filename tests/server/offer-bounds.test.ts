import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApplicationStatus } from '../../domain/api.ts';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { refusedOffersOf } from '../../server/applications/offer-refusals.ts';
import { signPartnerMessage } from '../../server/lenders/partner-protocol.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { identifyByBank, status, submit } from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * A lender's signed offer outside its configured ranges, the product's bounds or the cost cap's rate is refused:
 * the lender is told why (422 `offerOutOfBounds`), the person never sees it, and the refusal is kept in the lender's
 * record. The sandbox's lenders take ten minutes to answer here, so the test answers for them with their keys.
 */
describe.each<Storage>(['pglite', 'postgres'])('offers outside their bounds (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  const since = new Date(Date.now() - 60_000);

  beforeAll(async () => {
    running = await startBroker({
      storage,
      postgresUrl: inject('postgresUrl'),
      env: { SANDBOX_LENDER_DELAY_MS: '600000' },
    });
    base = running.url;
  });
  afterAll(async () => running.close());

  /** An identified application of 12 000 € over 60 months, sent to its lenders, none of which has answered. */
  async function identified(): Promise<{ token: string; requestOf: (lenderId: string) => Promise<string> }> {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    const applicationId = await applicationIdForToken(running.broker, token);
    const requestOf = async (lenderId: string) => {
      const [row] = (
        await running.broker.db.query<{ id: string }>(
          'SELECT id FROM lender_requests WHERE application_id = $1 AND lender_id = $2',
          [applicationId, lenderId],
        )
      ).rows;
      return present(row, `the request to ${lenderId}`).id;
    };
    return { token, requestOf };
  }

  /** The signed message, so the same one can be sent again. */
  function offerMessage(lenderId: string, requestId: string, terms: Record<string, unknown>) {
    const lender = present(running.broker.lenders.get(lenderId), 'the lender');
    const body = JSON.stringify({
      requestId: randomUUID(),
      applicationRef: requestId,
      lenderId,
      type: 'offer',
      offer: {
        offerId: `offer-${randomUUID()}`,
        arrangementFee: 0,
        monthlyFee: 0,
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
        ...terms,
      },
    });
    const headers = { 'content-type': 'application/json', ...signPartnerMessage(lender.secret, body, lenderId) };
    return () => fetch(`${base}/api/partner/v1/decisions`, { method: 'POST', headers, body });
  }

  async function expectRefusedForBounds(response: Response): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(422);
    expect(JSON.parse(text), text).toMatchObject({ error: 'offerOutOfBounds' });
  }

  const progressOf = (current: ApplicationStatus, lenderId: string) =>
    current.lenders.find((lender) => lender.lenderId === lenderId)?.progress;

  it('refuses 999 999 € at 200 % for one month, shows nothing of it, and keeps the refusal for the lender', async () => {
    const { token, requestOf } = await identified();
    const send = offerMessage('ziemelu-banka', await requestOf('ziemelu-banka'), {
      amount: 999_999,
      term: 1,
      annualRate: 200,
    });

    await expectRefusedForBounds(await send());

    const after = await status(base, token);
    expect(after.state).toBe('processing');
    expect(after.offers).toEqual([]);
    expect(progressOf(after, 'ziemelu-banka')).not.toBe('offer');
    const record = await refusedOffersOf(running.broker.db, 'ziemelu-banka', since);
    expect(record).toEqual([expect.objectContaining({ breach: 'amount', amount: 999_999, term: 1, annualRate: 200 })]);

    // the same signed message again is a replay, and the record keeps the one refusal
    const again = await send();
    expect(again.status).toBe(409);
    expect(await refusedOffersOf(running.broker.db, 'ziemelu-banka', since)).toHaveLength(1);
  });

  it("refuses an amount or a term the product offers but the lender's configuration does not", async () => {
    const { token, requestOf } = await identified();
    // Gaujas Banka lends up to 20 000 €, Ziemeļu Banka over 12 months at least
    const gaujas = present(running.broker.lenders.get('gaujas-banka'), 'Gaujas Banka');
    const ziemelu = present(running.broker.lenders.get('ziemelu-banka'), 'Ziemeļu Banka');
    expect(gaujas.amounts.max).toBeLessThan(22_000);
    expect(ziemelu.terms.min).toBeGreaterThan(6);

    await expectRefusedForBounds(
      await offerMessage('gaujas-banka', await requestOf('gaujas-banka'), {
        amount: 22_000,
        term: 60,
        annualRate: 9,
      })(),
    );
    await expectRefusedForBounds(
      await offerMessage('ziemelu-banka', await requestOf('ziemelu-banka'), {
        amount: 12_000,
        term: 6,
        annualRate: 9,
      })(),
    );

    expect((await status(base, token)).offers).toEqual([]);
    expect((await refusedOffersOf(running.broker.db, 'gaujas-banka', since)).map((r) => r.breach)).toEqual(['amount']);
    expect((await refusedOffersOf(running.broker.db, 'ziemelu-banka', since)).map((r) => r.breach)).toContain('term');
  });

  it('refuses a rate whose interest alone is over the cost cap, and stores an offer within every bound', async () => {
    const { token, requestOf } = await identified();
    await expectRefusedForBounds(
      await offerMessage('ziemelu-banka', await requestOf('ziemelu-banka'), {
        amount: 12_000,
        term: 60,
        annualRate: 80,
      })(),
    );

    const fine = await offerMessage('gaujas-banka', await requestOf('gaujas-banka'), {
      amount: 12_000,
      term: 60,
      annualRate: 9.5,
    })();
    expect(fine.status, await fine.text()).toBe(200);

    const after = await status(base, token);
    expect(after.state).toBe('offers');
    expect(after.offers.map((offer) => [offer.lenderId, offer.amount, offer.term, offer.annualRate])).toEqual([
      ['gaujas-banka', 12_000, 60, 9.5],
    ]);
    expect(progressOf(after, 'gaujas-banka')).toBe('offer');
    expect((await refusedOffersOf(running.broker.db, 'ziemelu-banka', since)).map((r) => r.breach)).toContain('rate');
    expect(await refusedOffersOf(running.broker.db, 'gaujas-banka', since)).toHaveLength(1);
  });
});
