import type { Offer } from '../../domain/offer.ts';
import type { NoticeChoices } from '../account/consents.ts';
import type { Sql } from '../db/database.ts';
import type { AtOnceOutcome, CombinedChange } from './application-batches.ts';
import { PENDING_REQUESTS_SQL, PROGRESSED_UPDATED_AT_SQL, progressedStateSql } from './progress.ts';
import { STATUS_CHANNEL } from './status-hub.ts';

/** A lender's offer in answer to the application sent to it. */
export interface OfferAnswer {
  readonly requestId: string;
  readonly lenderId: string;
  readonly lenderOfferId: string;
  readonly offer: Offer;
}

/**
 * The offers that came together for one application, as rows of an INSERT (parameters $1 for the
 * application and $2 to $15 for the columns) that inserts nothing for a lender offer id it has already:
 * lenders answer in bursts, and an INSERT an offer was the most frequent statement of an application.
 * `condition` gates the insert (SQL).
 */
const insertOffersSql = (condition: string) => `
  INSERT INTO offers (id, application_id, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee,
    monthly_fee, monthly_payment, total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until)
  SELECT id, $1, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee, monthly_fee, monthly_payment,
    total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::numeric[], $6::int[], $7::numeric[], $8::numeric[],
    $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::boolean[],
    $15::timestamptz[])
    AS a(id, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee, monthly_fee, monthly_payment,
      total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until)
  WHERE ${condition}
  ON CONFLICT (application_id, lender_id, lender_offer_id) DO NOTHING`;

/** Their requests ($16) marked answered; the requests are found by their ids (an index scan). */
const markAnsweredSql = (condition: string) => `
  UPDATE lender_requests SET state = 'offer', answered_at = now(), lease_until = NULL
  WHERE id = ANY($16::uuid[]) AND state <> 'offer' AND ${condition}`;

function offerParameters(applicationId: string, answers: readonly OfferAnswer[]): unknown[] {
  const column = <T>(pick: (answer: OfferAnswer) => T) => answers.map(pick);
  return [
    applicationId,
    column((a) => a.offer.id),
    column((a) => a.lenderId),
    column((a) => a.lenderOfferId),
    column((a) => a.offer.amount),
    column((a) => a.offer.term),
    column((a) => a.offer.annualRate),
    column((a) => a.offer.arrangementFee),
    column((a) => a.offer.monthlyFee),
    column((a) => a.offer.monthlyPayment),
    column((a) => a.offer.totalPayable),
    column((a) => a.offer.totalCostOfCredit),
    column((a) => a.offer.apr),
    column((a) => a.offer.exceedsCostCap),
    column((a) => a.offer.validUntil),
    column((a) => a.requestId),
  ];
}

/** The offers and their requests in one statement, inside a batch's transaction (with other changes). */
async function storeOfferAnswers(tx: Sql, applicationId: string, answers: readonly OfferAnswer[]): Promise<void> {
  await tx.query(
    `WITH stored AS (${insertOffersSql('true')}) ${markAnsweredSql('true')}`,
    offerParameters(applicationId, answers),
  );
}

/**
 * A batch of offers alone, as one statement without a transaction around it: it locks the application
 * row before anything else (every change below waits for `locked`, so the lock comes before an offer's
 * foreign-key share lock, as in a batch's transaction), stores the offers, marks their requests answered,
 * moves the application's state on by the same rule as refreshLenderProgress and announces the change.
 * Five round trips became one, and the locks are held for one.
 *
 * The state is decided on the statement's snapshot, which a change committed by another process while this
 * one waited for the lock is not in. The row version the lock got (xmin) then differs from the one the
 * snapshot has, and the batch refreshes the progress again (`current` false); every change to an
 * application's lender rows also updates its row, so none goes unseen.
 */
export async function storeOfferAnswersAtOnce(
  db: Sql,
  applicationId: string,
  answers: readonly OfferAnswer[],
): Promise<AtOnceOutcome> {
  const [row] = (
    await db.query<{ notice_choices: NoticeChoices; current: boolean }>(
      `WITH locked AS (SELECT notice_choices, xmin::text AS version FROM applications WHERE id = $1 FOR UPDATE),
         seen AS (SELECT xmin::text AS version FROM applications WHERE id = $1),
         stored AS (${insertOffersSql('EXISTS (SELECT 1 FROM locked)')} RETURNING 1),
         answered AS (${markAnsweredSql('EXISTS (SELECT 1 FROM locked)')}),
         progressed AS (
           UPDATE applications SET
             state = ${progressedStateSql({
               anyOffer: '(EXISTS (SELECT 1 FROM offers WHERE application_id = $1) OR EXISTS (SELECT 1 FROM stored))',
               anyPending: `EXISTS (${PENDING_REQUESTS_SQL} AND NOT (id = ANY($16::uuid[])))`,
             })},
             updated_at = ${PROGRESSED_UPDATED_AT_SQL}
           WHERE id = $1 AND EXISTS (SELECT 1 FROM locked)
           RETURNING pg_notify($17, id::text))
       SELECT l.notice_choices, l.version = s.version AS current FROM locked l, seen s`,
      [...offerParameters(applicationId, answers), STATUS_CHANNEL],
    )
  ).rows;
  return { noticeChoices: row?.notice_choices ?? {}, current: row?.current ?? true };
}

/** An offer answer as a change of its application's batch: the offers that come together go in one statement. */
export const offerAnswerChange = (applicationId: string, answer: OfferAnswer): CombinedChange<OfferAnswer> => ({
  kind: 'offer',
  item: answer,
  applyAll: (tx, answers) => storeOfferAnswers(tx, applicationId, answers),
  applyAllAtOnce: (db, id, answers) => storeOfferAnswersAtOnce(db, id, answers),
});
