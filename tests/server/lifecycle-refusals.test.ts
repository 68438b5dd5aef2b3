import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '../../domain/api.ts';
import { signPartnerMessage } from '../../server/lenders/partner-protocol.ts';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { deleteExpiredData, expireStaleApplications } from '../../server/applications/maintenance.ts';
import { buildStatus } from '../../server/applications/status.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';
import {
  identifyByBank,
  startIdentification,
  status,
  submit,
  throughProviderPage,
  waitForStatus,
} from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * Every event of the application's lifecycle (domain/application-lifecycle.ts) that a caller can send where the
 * model does not allow it: the caller is refused, and the application's status stays as it was. The sandbox's
 * lenders take ten minutes to answer here, so the test answers for them, signed with their keys.
 */

interface LenderRequest {
  readonly id: string;
  readonly lender_id: string;
}

describe('the lifecycle refuses the events it does not allow (pglite)', () => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage: 'pglite', env: { SANDBOX_LENDER_DELAY_MS: '600000' } });
    base = running.url;
  });
  afterAll(async () => running.close());

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function expectRefused(response: Response): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(409);
    expect(JSON.parse(text), text).toMatchObject({ error: 'wrongState' });
  }

  /** A callback from the lender of `request`, signed with its key. */
  function fromLender(request: LenderRequest, callback: Record<string, unknown>): Promise<Response> {
    const lender = present(running.broker.lenders.get(request.lender_id), 'the lender');
    const body = JSON.stringify({
      requestId: randomUUID(),
      applicationRef: request.id,
      lenderId: lender.id,
      ...callback,
    });
    return fetch(`${base}/api/partner/v1/decisions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signPartnerMessage(lender.secret, body, lender.id) },
      body,
    });
  }

  const offerTerms = (offerId: string) => ({
    offerId,
    amount: 5000,
    term: 24,
    annualRate: 10,
    arrangementFee: 0,
    monthlyFee: 0,
    validUntil: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const offer = (request: LenderRequest, offerId = `offer-${randomUUID()}`) =>
    fromLender(request, { type: 'offer', offer: offerTerms(offerId) });
  const signed = (request: LenderRequest, offerId: string) =>
    fromLender(request, { type: 'signed', offerId, contractRef: `LV-${offerId.slice(-8)}` });
  const paid = (request: LenderRequest, offerId: string) =>
    fromLender(request, { type: 'paid', offerId, paidAt: new Date().toISOString() });

  /**
   * An identified application, sent to its lenders, none of which has answered yet. The sends are the queue's work
   * after the identification: the status is read once they are done, so that what a refusal leaves is not a send.
   */
  async function identified(): Promise<{ token: string; id: string; requests: LenderRequest[] }> {
    const token = await submit(base);
    await identifyByBank(base, token, 'approve');
    await waitForStatus(
      base,
      token,
      ({ lenders }) => lenders.length > 0 && lenders.every((lender) => lender.progress === 'sent'),
    );
    const id = await applicationIdForToken(running.broker, token);
    const requests = (
      await running.broker.db.query<LenderRequest>(
        'SELECT id, lender_id FROM lender_requests WHERE application_id = $1 ORDER BY lender_id',
        [id],
      )
    ).rows;
    expect(requests.length).toBeGreaterThan(2);
    expect((await status(base, token)).state).toBe('processing');
    return { token, id, requests };
  }

  /** Offers from the first `count` lenders, answered in turn; the application is at `offers`. */
  async function withOffers(count = 1) {
    const application = await identified();
    const offerIds: string[] = [];
    for (const request of application.requests.slice(0, count)) {
      const offerId = `offer-${randomUUID()}`;
      expect((await offer(request, offerId)).status).toBe(200);
      offerIds.push(offerId);
    }
    const offered = await status(base, application.token);
    expect(offered.state).toBe('offers');
    return { ...application, offerIds, offers: offered.offers };
  }

  /** The first lender's offer chosen: the application is at `offerChosen`. */
  async function chosen(count = 1) {
    const application = await withOffers(count);
    const choice = await post('/api/applications/chooseOffer', {
      token: application.token,
      offerId: present(application.offers.find((o) => o.lenderId === application.requests[0]?.lender_id)).id,
    });
    expect(choice.status).toBe(200);
    expect((await status(base, application.token)).state).toBe('offerChosen');
    return application;
  }

  /** One offer, every other lender declined, and the offer run out: the maintenance expires the application. */
  async function expired() {
    const application = await withOffers(1);
    for (const request of application.requests.slice(1)) {
      expect((await fromLender(request, { type: 'decline', reason: 'income' })).status).toBe(200);
    }
    await running.broker.db.query(
      `UPDATE offers SET valid_until = now() - interval '1 minute' WHERE application_id = $1`,
      [application.id],
    );
    expect(await expireStaleApplications(running.broker)).toBeGreaterThanOrEqual(1);
    expect((await status(base, application.token)).state).toBe('expired');
    return application;
  }

  /** Runs what a caller sends, and checks the status is the same after it as before. */
  async function leavesStatusAsItWas(token: string, act: () => Promise<void>): Promise<ApplicationStatus> {
    const before = await status(base, token);
    await act();
    const after = await status(base, token);
    expect(after).toEqual(before);
    return after;
  }

  it('refuses an identification start once the identification succeeded', async () => {
    const { token } = await identified();
    await leavesStatusAsItWas(token, async () => {
      await expectRefused(
        await startIdentification(base, { token, language: 'lv', method: 'bank', institutionId: 'daugavas-banka' }),
      );
    });
  });

  it("refuses a lender's signature before an offer was chosen, and logs the refusal without personal data", async () => {
    const { token, id, requests, offerIds } = await withOffers();
    const after = await leavesStatusAsItWas(token, async () => {
      await expectRefused(await signed(present(requests[0]), present(offerIds[0])));
    });
    expect(after.state).toBe('offers');
    const logged = running.logs.filter((line) => line.includes('event refused') && line.includes(id));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(present(logged[0]))).toMatchObject({ applicationId: id, state: 'offers', event: 'signed' });
    expect(logged[0]).not.toMatch(/Jānis|Bērziņš|010180/);
  });

  it("refuses a lender's payout before the signature", async () => {
    const { token, requests, offerIds } = await chosen();
    const after = await leavesStatusAsItWas(token, async () => {
      await expectRefused(await paid(present(requests[0]), present(offerIds[0])));
    });
    expect(after.state).toBe('offerChosen');
  });

  it('refuses a signature reported after the payout, and takes a repeated payout without a change', async () => {
    const { token, requests, offerIds } = await chosen();
    const lender = present(requests[0]);
    const offerId = present(offerIds[0]);
    expect((await signed(lender, offerId)).status).toBe(200);
    expect((await paid(lender, offerId)).status).toBe(200);
    const after = await leavesStatusAsItWas(token, async () => {
      await expectRefused(await signed(lender, offerId));
      expect((await paid(lender, offerId)).status).toBe(200);
    });
    expect(after.state).toBe('paid');
  });

  it('refuses a choice once the chosen offer was signed', async () => {
    const { token, requests, offerIds, offers } = await chosen(2);
    expect((await signed(present(requests[0]), present(offerIds[0]))).status).toBe(200);
    const other = present(offers.find((o) => o.lenderId === requests[1]?.lender_id));
    const after = await leavesStatusAsItWas(token, async () => {
      await expectRefused(await post('/api/applications/chooseOffer', { token, offerId: other.id }));
    });
    expect(after.state).toBe('signed');
    expect(after.chosenOfferId).not.toBe(other.id);
  });

  it('refuses a choice after the application expired', async () => {
    const { token, offers } = await expired();
    await leavesStatusAsItWas(token, async () => {
      await expectRefused(await post('/api/applications/chooseOffer', { token, offerId: present(offers[0]).id }));
    });
  });

  it("refuses a lender's offer after the application expired", async () => {
    const { token, requests } = await expired();
    const after = await leavesStatusAsItWas(token, async () => {
      await expectRefused(await offer(present(requests[1])));
    });
    expect(after.offers).toHaveLength(1);
  });

  it("refuses a review's offer after the application expired", async () => {
    const { token, requests } = await withOffers(1);
    const declined = present(requests[1]);
    for (const request of requests.slice(1)) {
      expect((await fromLender(request, { type: 'decline', reason: 'income' })).status).toBe(200);
    }
    const review = await post('/api/applications/reviewRequest', {
      token,
      lenderId: declined.lender_id,
      language: 'lv',
    });
    expect(review.status).toBe(202);
    const id = await applicationIdForToken(running.broker, token);
    await running.broker.db.query(
      `UPDATE offers SET valid_until = now() - interval '1 minute' WHERE application_id = $1`,
      [id],
    );
    expect(await expireStaleApplications(running.broker)).toBeGreaterThanOrEqual(1);
    const after = await leavesStatusAsItWas(token, async () => {
      await expectRefused(
        await fromLender(declined, {
          type: 'reviewOffer',
          explanation: 'Pārskatījām pieteikumu',
          offer: offerTerms(`review-${randomUUID()}`),
        }),
      );
    });
    expect(after.state).toBe('expired');
    expect(after.lenders.find((lender) => lender.lenderId === declined.lender_id)?.review?.state).toBe('pending');
  });

  it("refuses a lender's offer after the application was erased", async () => {
    const { token, id, requests } = await identified();
    // past the retention period: the maintenance erases it while the lenders still hold it
    await running.broker.db.query(`UPDATE applications SET created_at = now() - interval '400 days' WHERE id = $1`, [
      id,
    ]);
    expect(await deleteExpiredData(running.broker)).toBe(1);
    const lenderOfferId = `offer-${randomUUID()}`;
    await expectRefused(await offer(present(requests[0]), lenderOfferId));
    expect((await fetch(`${base}/api/getApplicationStatus?token=${token}`)).status).toBe(404);
    const stored = await running.broker.db.query('SELECT 1 FROM offers WHERE lender_offer_id = $1', [lenderOfferId]);
    expect(stored.rows).toHaveLength(0);
  });

  it('ends an identification that comes back after its application expired, and leaves the application', async () => {
    const token = await submit(base);
    const start = await startIdentification(base, {
      token,
      language: 'lv',
      method: 'bank',
      institutionId: 'daugavas-banka',
    });
    expect(start.status).toBe(200);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const id = await applicationIdForToken(running.broker, token);
    // the token runs out while the person is at the bank: the maintenance expires the application
    await running.broker.db.query(
      `UPDATE applications SET token_expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expect(await expireStaleApplications(running.broker)).toBeGreaterThanOrEqual(1);
    const before = await buildStatus(running.broker.db, running.broker.cipher, running.broker.lenders, id);
    expect(before?.state).toBe('expired');

    const { wizardPath } = await throughProviderPage(redirectUrl, {
      personal_code: '010180-15097',
      first_name: 'Jānis',
      last_name: 'Bērziņš',
      decision: 'approve',
    });
    expect(wizardPath).toBe('/applicantWorkflow/choosingIdConfirmationMethodWithError');
    const after = await buildStatus(running.broker.db, running.broker.cipher, running.broker.lenders, id);
    expect(after?.state).toBe('expired');
    expect(after?.lenders).toEqual([]);
    expect(after?.identifiedAt).toBeNull();
  });
});
