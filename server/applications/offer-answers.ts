import type { ApplicationState } from '../../domain/application-lifecycle.ts';
import type { Offer } from '../../domain/offer.ts';
import type { NoticeChoices } from '../account/consents.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import type { AtOnceOutcome, CombinedChange, Refused } from './application-batches.ts';
import { Refusal } from './refusal.ts';
import {
  allowedFrom,
  announceSql,
  lenderProgressUpdateSql,
  mayStartSql,
  PENDING_REQUESTS_SQL,
} from './lifecycle/transition.ts';
import { countStateChange } from '../ops/metrics/record.ts';

/** Who logs a refused answer. */
type Log = Pick<Broker, 'log'>;

/** A lender's offer in answer to the application sent to it. */
export interface OfferAnswer {
  readonly requestId: string;
  readonly lenderId: string;
  readonly lenderOfferId: string;
  readonly offer: Offer;
  /**
   * The signed message's nonce (partner_nonces, the lender's id as the partner), recorded by the statement that
   * stores the answer: a nonce known already refuses the answer as a replay, and the two are one round trip.
   */
  readonly nonce?: { readonly value: string; readonly expiresAt: Date };
}

/**
 * The statement's parts, gated by `condition` (SQL: the application's state takes an offer, by the lifecycle's
 * model): the answers' nonces recorded (`fresh`: those that were
 * new), the answers whose nonce was new or who carry none (`accepted`), their offers stored unless the lender
 * offer id is there already (`stored`), and their requests marked answered (found by their ids, an index scan).
 * Parameters: $1 the application, $2 to $15 the offers' columns, $16 the requests, $17 and $18 the nonces and
 * when they expire.
 */
const answerCtes = (condition: string) => `
  fresh AS (
    INSERT INTO partner_nonces (partner, nonce, expires_at)
    SELECT partner, nonce, expires_at FROM unnest($3::text[], $17::text[], $18::timestamptz[]) AS n(partner, nonce, expires_at)
    WHERE nonce IS NOT NULL AND ${condition}
    ON CONFLICT DO NOTHING RETURNING partner, nonce),
  accepted AS (
    SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::numeric[], $6::int[], $7::numeric[], $8::numeric[],
      $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::boolean[],
      $15::timestamptz[], $16::uuid[], $17::text[])
      AS a(id, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee, monthly_fee, monthly_payment,
        total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until, request_id, nonce)
    WHERE ${condition}
      AND (a.nonce IS NULL OR EXISTS (SELECT 1 FROM fresh f WHERE f.partner = a.lender_id AND f.nonce = a.nonce))),
  stored AS (
    INSERT INTO offers (id, application_id, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee,
      monthly_fee, monthly_payment, total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until)
    SELECT id, $1, lender_id, lender_offer_id, amount, term, annual_rate, arrangement_fee, monthly_fee,
      monthly_payment, total_payable, total_cost_of_credit, apr, exceeds_cost_cap, valid_until
    FROM accepted
    ON CONFLICT (application_id, lender_id, lender_offer_id) DO NOTHING RETURNING 1),
  answered AS (
    UPDATE lender_requests SET state = 'offer', answered_at = now(), lease_until = NULL
    WHERE id = ANY(ARRAY(SELECT request_id FROM accepted)) AND state <> 'offer')`;

/** The nonces the statement found new, as JSON pairs of partner and nonce. */
const FRESH_NONCES_SQL = `(SELECT COALESCE(json_agg(json_build_array(partner, nonce)), '[]') FROM fresh)`;

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
    column((a) => a.nonce?.value ?? null),
    column((a) => a.nonce?.expiresAt ?? null),
  ];
}

/**
 * The answers refused as replays, by their index: those whose nonce the statement did not find new. A nonce twice
 * in one batch counts once, for the first.
 */
function replaysAmong(answers: readonly OfferAnswer[], fresh: readonly (readonly [string, string])[]): Refused {
  const unused = new Set(fresh.map(([partner, nonce]) => `${partner}\n${nonce}`));
  const refused = new Map<number, unknown>();
  answers.forEach((answer, index) => {
    if (answer.nonce && !unused.delete(`${answer.lenderId}\n${answer.nonce.value}`)) {
      refused.set(index, new Refusal('replayedMessage'));
    }
  });
  return refused;
}

/** Every answer refused: the application's state takes no offer (the refusal is logged by allowedFrom). */
const refuseAll = (answers: readonly OfferAnswer[]): Refused =>
  new Map(answers.map((_, index) => [index, new Refusal('wrongState')]));

/** The offers and their requests in one statement, inside a batch's transaction (with other changes). */
async function storeOfferAnswers(
  log: Log,
  tx: Sql,
  applicationId: string,
  answers: readonly OfferAnswer[],
): Promise<Refused> {
  // the batch's transaction holds the application's row: the state read here is the one the answers meet
  const [row] = (
    await tx.query<{ fresh: [string, string][]; state: ApplicationState | null }>(
      `WITH application AS (SELECT state FROM applications WHERE id = $1),
       ${answerCtes(`EXISTS (SELECT 1 FROM application WHERE ${mayStartSql('offerArrived', 'application.state')})`)}
       SELECT ${FRESH_NONCES_SQL} AS fresh, (SELECT state FROM application) AS state`,
      offerParameters(applicationId, answers),
    )
  ).rows;
  if (!allowedFrom(log, applicationId, row?.state ?? undefined, 'offerArrived')) return refuseAll(answers);
  return replaysAmong(answers, row?.fresh ?? []);
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
  log: Log,
  db: Sql,
  applicationId: string,
  answers: readonly OfferAnswer[],
): Promise<AtOnceOutcome> {
  // the lock answers the row's latest version, so its state is the one the answers meet
  const takesOffers = `EXISTS (SELECT 1 FROM locked WHERE ${mayStartSql('offerArrived', 'locked.state')})`;
  const [row] = (
    await db.query<{
      state: ApplicationState;
      notice_choices: NoticeChoices;
      current: boolean;
      fresh: [string, string][];
      entered: ApplicationState | null;
    }>(
      `WITH locked AS (SELECT state, notice_choices, xmin::text AS version FROM applications WHERE id = $1 FOR UPDATE),
         seen AS (SELECT xmin::text AS version FROM applications WHERE id = $1),
         ${answerCtes(takesOffers)},
         progressed AS (
           ${lenderProgressUpdateSql({
             anyOffer: 'EXISTS (SELECT 1 FROM offers WHERE application_id = $1) OR EXISTS (SELECT 1 FROM stored)',
             anyPending: `EXISTS (${PENDING_REQUESTS_SQL} AND NOT (id = ANY($16::uuid[])))`,
             where: takesOffers,
             returning: `state, ${announceSql('id')}`,
           })})
       SELECT l.state, l.notice_choices, l.version = s.version AS current, ${FRESH_NONCES_SQL} AS fresh,
         (SELECT p.state FROM progressed p WHERE p.state IS DISTINCT FROM l.state) AS entered
       FROM locked l, seen s`,
      offerParameters(applicationId, answers),
    )
  ).rows;
  // an application that is gone (erased) or in a state that takes no offer stores nothing and refuses every answer
  if (!allowedFrom(log, applicationId, row?.state, 'offerArrived')) {
    return { noticeChoices: row?.notice_choices ?? {}, current: true, refused: refuseAll(answers) };
  }
  // the lifecycle refuses every event of an erased application: one that is gone was refused above
  if (!row) throw new Error('an offer was taken for an application that is gone');
  countStateChange({ db }, row.entered);
  return { noticeChoices: row.notice_choices, current: row.current, refused: replaysAmong(answers, row.fresh) };
}

/** An offer answer as a change of its application's batch: the offers that come together go in one statement. */
export const offerAnswerChange = (
  log: Log,
  applicationId: string,
  answer: OfferAnswer,
): CombinedChange<OfferAnswer> => ({
  kind: 'offer',
  item: answer,
  applyAll: (tx, answers) => storeOfferAnswers(log, tx, applicationId, answers),
  applyAllAtOnce: (db, id, answers) => storeOfferAnswersAtOnce(log, db, id, answers),
});
