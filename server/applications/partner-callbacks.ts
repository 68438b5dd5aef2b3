import { randomUUID } from 'node:crypto';
import { normalizeOffer, type LenderOfferTerms, type Offer } from '../../domain/offer.ts';
import { offerBreach } from '../../domain/offer-bounds.ts';
import { recordRefusedOffer } from './offer-refusals.ts';
import type { Sql } from '../db/database.ts';
import type { LenderEndpoint } from '../lenders/registry.ts';
import type { Broker } from '../broker.ts';
import { Refusal } from './refusal.ts';
import type { PartnerCallback } from '../lenders/messages.ts';
import { createApplicationBatches, type ApplicationBatches } from './application-batches.ts';
import { offerAnswerChange, type OfferAnswer } from './offer-answers.ts';
import { sentRequests, type SentRequest } from './sent-requests.ts';
import type { ApplicationState } from '../../domain/application-lifecycle.ts';
import { storeDocumentsRequest } from './document-requests.ts';
import { afterLenderChanges, mayStartSql, requireAllowed, stateUpdateSql } from './lifecycle/transition.ts';
import { countEvent } from '../ops/metrics/record.ts';

/** Each broker's batches (tests run several brokers in one process). */
const batchesOf = new WeakMap<Broker, ApplicationBatches>();
function batches(broker: Broker): ApplicationBatches {
  let found = batchesOf.get(broker);
  if (!found) {
    found = createApplicationBatches(broker.db, (applicationId, noticeChoices) =>
      afterLenderChanges(broker, applicationId, noticeChoices),
    );
    batchesOf.set(broker, found);
  }
  return found;
}

/**
 * Applies a verified lender callback. Every step is idempotent, so a lender that retries after a
 * lost answer changes nothing the second time: one offer per lender offer id, one state change.
 * What can be refused is refused before the change joins its application's batch.
 */
export async function applyPartnerCallback(
  broker: Broker,
  lenderId: string,
  callback: PartnerCallback,
  /** the signed message's nonce, for an offer recorded by the statement that stores it (OfferAnswer) */
  nonce?: OfferAnswer['nonce'],
): Promise<void> {
  const lender = broker.lenders.get(lenderId);
  if (!lender || callback.lenderId !== lenderId) throw new Refusal('foreignLender');
  const request =
    sentRequests(broker).take(callback.applicationRef) ?? (await requestOf(broker, callback.applicationRef));
  if (!request || request.lenderId !== lenderId) throw new Refusal('unknownLenderRequest');
  const { applicationId } = request;
  const offer =
    callback.type === 'offer' || callback.type === 'reviewOffer'
      ? await offerWithinBounds(broker, lender, applicationId, callback.offer, nonce)
      : null;

  if (callback.type === 'offer') {
    if (offer) {
      await batches(broker).apply(
        applicationId,
        offerAnswerChange(broker, applicationId, {
          requestId: callback.applicationRef,
          lenderId,
          lenderOfferId: callback.offer.offerId,
          offer,
          ...(nonce ? { nonce } : {}),
        }),
      );
    }
    return;
  }
  await batches(broker).apply(applicationId, async (tx) => {
    switch (callback.type) {
      case 'reviewUpheld':
        await tx.query(
          `UPDATE review_requests SET state = 'upheld', explanation = $3, answered_at = now()
           WHERE application_id = $1 AND lender_id = $2 AND state IN ('queued', 'sent')`,
          [applicationId, lenderId, callback.explanation],
        );
        break;
      case 'reviewOffer': {
        // only an open review turns a decline into an offer, where the application still takes offers: a late or
        // repeated answer changes nothing
        const [review] = (
          await tx.query<{ state: ApplicationState; reviewed: boolean }>(
            `WITH application AS (SELECT state FROM applications WHERE id = $1),
             reviewed AS (
               UPDATE review_requests SET state = 'offer', explanation = $3, answered_at = now()
               WHERE application_id = $1 AND lender_id = $2 AND state IN ('queued', 'sent')
                 AND EXISTS (SELECT 1 FROM application WHERE ${mayStartSql('offerArrived', 'application.state')})
               RETURNING id)
             SELECT application.state, EXISTS (SELECT 1 FROM reviewed) AS reviewed FROM application`,
            [applicationId, lenderId, callback.explanation],
          )
        ).rows;
        if (!review?.reviewed) {
          requireAllowed(broker, applicationId, review?.state, 'offerArrived');
          break;
        }
        if (offer) await storeOffer(tx, applicationId, lender, callback.offer, offer);
        await tx.query(
          `UPDATE lender_requests SET state = 'offer', answered_at = now(), lease_until = NULL
           WHERE id = $1 AND state = 'declined'`,
          [callback.applicationRef],
        );
        break;
      }
      case 'decline':
        await tx.query(
          `UPDATE lender_requests SET state = 'declined', failure = $2, answered_at = now(), lease_until = NULL
           WHERE id = $1 AND state IN ('queued', 'sending', 'sent', 'timeout', 'failed')`,
          [callback.applicationRef, callback.reason],
        );
        break;
      case 'documentsRequest':
        await storeDocumentsRequest(broker, tx, applicationId, callback);
        break;
      case 'signed':
      case 'paid':
        await chosenOfferReported(broker, tx, applicationId, lenderId, callback.type, callback.offerId);
        break;
    }
  });
}

/**
 * The chosen lender's `signed` or `paid`, about the chosen offer: the state moves where the lifecycle allows it
 * and is refused elsewhere. The same report again, or one about another offer than the chosen one, is taken and
 * changes nothing.
 */
async function chosenOfferReported(
  broker: Broker,
  tx: Sql,
  applicationId: string,
  lenderId: string,
  event: 'signed' | 'paid',
  lenderOfferId: string,
): Promise<void> {
  const [application] = (
    await tx.query<{ state: ApplicationState; moved: boolean }>(
      `WITH moved AS (
         ${stateUpdateSql(event, {
           from: 'offers o',
           where: 'a.id = $1 AND o.id = a.chosen_offer_id AND o.lender_id = $3 AND o.lender_offer_id = $2',
           set: [event === 'signed' ? 'signed_at = now()' : 'paid_at = now()'],
           onlyIfChanging: true,
           returning: 'a.id',
         })})
       SELECT state, EXISTS (SELECT 1 FROM moved) AS moved FROM applications WHERE id = $1`,
      [applicationId, lenderOfferId, lenderId],
    )
  ).rows;
  if (application?.moved) return countEvent(broker, event, true);
  // the state takes the event, yet nothing moved: the report came again, or is about another offer than the
  // chosen one; either changes nothing
  requireAllowed(broker, applicationId, application?.state, event);
}

async function requestOf(broker: Broker, requestId: string): Promise<SentRequest | undefined> {
  const [row] = (
    await broker.db.query<{ application_id: string; lender_id: string }>(
      'SELECT application_id, lender_id FROM lender_requests WHERE id = $1',
      [requestId],
    )
  ).rows;
  return row && { applicationId: row.application_id, lenderId: row.lender_id };
}

/**
 * The offer as the broker shows it, when it is within the lender's configured ranges, the product's bounds and the
 * cost cap's rate (domain/offer-bounds.ts). Otherwise it is refused and the refusal kept for the lender; with the
 * message's nonce, a replay of a refused offer is refused as a replay and kept once.
 */
async function offerWithinBounds(
  broker: Broker,
  lender: LenderEndpoint,
  applicationId: string,
  terms: LenderOfferTerms,
  nonce: OfferAnswer['nonce'] | undefined,
): Promise<Offer> {
  const offer = normalizeOffer(terms, lender, randomUUID());
  const breach = offerBreach(offer, lender);
  if (breach === null) return offer;
  const recorded = await recordRefusedOffer(
    broker.db,
    { applicationId, lenderId: lender.id, lenderOfferId: terms.offerId, breach, offer },
    nonce,
  );
  if (!recorded) throw new Refusal('replayedMessage');
  broker.log.warn({ applicationId, lenderId: lender.id, breach }, 'offer refused: outside its bounds');
  throw new Refusal('offerOutOfBounds');
}

/** One offer a lender offer id (a review's new offer): a repeated callback inserts nothing. */
async function storeOffer(
  tx: Sql,
  applicationId: string,
  lender: LenderEndpoint,
  terms: LenderOfferTerms,
  offer: Offer,
): Promise<void> {
  const insert = `INSERT INTO offers (id, application_id, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee,
       monthly_fee, monthly_payment, total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (application_id, lender_id, lender_offer_id) DO NOTHING`;
  await tx.query(insert, [
    offer.id,
    applicationId,
    lender.id,
    terms.offerId,
    offer.amount,
    offer.term,
    offer.annualRate,
    offer.arrangementFee,
    offer.monthlyFee,
    offer.monthlyPayment,
    offer.totalPayable,
    offer.totalCostOfCredit,
    offer.apr,
    offer.exceedsCostCap,
    offer.validUntil,
  ]);
}
