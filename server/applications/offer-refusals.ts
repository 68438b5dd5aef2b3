import { randomUUID } from 'node:crypto';
import type { OfferBreach } from '../../domain/offer-bounds.ts';
import type { Offer } from '../../domain/offer.ts';
import type { Sql } from '../db/database.ts';
import type { OfferAnswer } from './offer-answers.ts';

/** A refused offer as the lender's record shows it: what the lender sent and the bound it broke. */
export interface RefusedOffer {
  readonly applicationId: string;
  readonly lenderOfferId: string;
  readonly breach: OfferBreach;
  readonly amount: number;
  readonly term: number;
  readonly annualRate: number;
  /** null when the figures give no APR at all */
  readonly apr: number | null;
  readonly refusedAt: Date;
}

/**
 * Keeps the refusal of a lender's offer. With the signed message's nonce, the nonce is recorded by the same
 * statement and a message seen before records nothing (false): a replayed refusal is a replay, not a second
 * refusal in the lender's record.
 */
export async function recordRefusedOffer(
  db: Sql,
  refused: {
    readonly applicationId: string;
    readonly lenderId: string;
    readonly lenderOfferId: string;
    readonly breach: OfferBreach;
    readonly offer: Offer;
  },
  nonce?: OfferAnswer['nonce'],
): Promise<boolean> {
  const { offer } = refused;
  const result = await db.query<{ recorded: boolean }>(
    `WITH fresh AS (
       INSERT INTO partner_nonces (partner, nonce, expires_at)
       SELECT $3::text, $10::text, $11::timestamptz WHERE $10::text IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING 1),
     recorded AS (
       INSERT INTO refused_offers (id, application_id, lender_id, lender_offer_id, breach, amount, term, annual_rate, apr)
       SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::numeric, $7::int, $8::numeric, $9::float8
       WHERE $10::text IS NULL OR EXISTS (SELECT 1 FROM fresh)
       RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM recorded) AS recorded`,
    [
      randomUUID(),
      refused.applicationId,
      refused.lenderId,
      refused.lenderOfferId,
      refused.breach,
      offer.amount,
      offer.term,
      offer.annualRate,
      Number.isFinite(offer.apr) ? offer.apr : null,
      nonce?.value ?? null,
      nonce?.expiresAt ?? null,
    ],
  );
  return result.rows[0]?.recorded === true;
}

/** The lender's refused offers since a moment, newest first: what a report to the lender or to staff reads. */
export async function refusedOffersOf(db: Sql, lenderId: string, since: Date): Promise<RefusedOffer[]> {
  const rows = (
    await db.query<{
      application_id: string;
      lender_offer_id: string;
      breach: OfferBreach;
      amount: number;
      term: number;
      annual_rate: number;
      apr: number | null;
      refused_at: Date;
    }>(
      `SELECT application_id, lender_offer_id, breach, amount::float8 AS amount, term,
         annual_rate::float8 AS annual_rate, apr, refused_at
       FROM refused_offers WHERE lender_id = $1 AND refused_at >= $2 ORDER BY refused_at DESC, id`,
      [lenderId, since],
    )
  ).rows;
  return rows.map((row) => ({
    applicationId: row.application_id,
    lenderOfferId: row.lender_offer_id,
    breach: row.breach,
    amount: row.amount,
    term: row.term,
    annualRate: row.annual_rate,
    apr: row.apr,
    refusedAt: new Date(row.refused_at),
  }));
}
