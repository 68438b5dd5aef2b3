import { z } from 'zod';
import { exceedsCostCap, loanCost, roundCents, termDays } from './money.ts';

/**
 * Offers: what a lender sends (its terms) and what the broker shows (the terms plus the figures we compute
 * ourselves). The APR, the instalment and the totals are never taken from a lender: every offer is costed with
 * the same formula (money.ts `loanCost`), so offers compare like for like.
 */

export const lenderKindSchema = z.enum(['bank', 'nonBank']);
export type LenderKind = z.infer<typeof lenderKindSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/** A lender's offer as it arrives over the partner protocol. */
export const lenderOfferTermsSchema = z.object({
  /** the lender's own id for the offer; the contract signing link and the signed/paid callbacks refer to it */
  /** printable characters only: the id goes into URLs and the database (which refuses NUL) */
  offerId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\x20-\x7e]+$/),
  /** total amount of credit, EUR */
  amount: z.number().min(1).max(1_000_000),
  /** months */
  term: z.number().int().min(1).max(120),
  /** nominal annual borrowing rate, percent */
  annualRate: z.number().min(0).max(200),
  /** one-off fee at drawdown, EUR */
  arrangementFee: z.number().min(0).max(1_000_000),
  /** administration fee added to each instalment, EUR */
  monthlyFee: z.number().min(0).max(100_000),
  validUntil: isoDateTime,
});
export type LenderOfferTerms = z.infer<typeof lenderOfferTermsSchema>;

/** An offer as the broker stores and shows it. */
export const offerSchema = z.object({
  id: z.string().min(1),
  lenderId: z.string().min(1),
  lenderName: z.string().min(1),
  lenderKind: lenderKindSchema,
  amount: z.number().positive(),
  term: z.number().int().min(1).max(120),
  annualRate: z.number().min(0),
  arrangementFee: z.number().min(0),
  monthlyFee: z.number().min(0),
  /** annuity instalment plus the monthly fee, EUR */
  monthlyPayment: z.number().min(0),
  /** every instalment plus the arrangement fee, EUR */
  totalPayable: z.number().min(0),
  /** totalPayable minus the amount, EUR */
  totalCostOfCredit: z.number(),
  /** percent with two decimals, computed by the broker (indicative: lenders compute on actual days) */
  apr: z.number(),
  validUntil: isoDateTime,
  /** total cost of credit above 0.07 % of the amount per day of the term (Latvian cap) */
  exceedsCostCap: z.boolean(),
});
export type Offer = z.infer<typeof offerSchema>;

/**
 * How soon after a contract is signed the lender pays the money out, as the lender states it (its entry in the
 * lenders' configuration): within so many working hours or working days. The signed message, its SMS and the
 * wizard's signing screen say this figure; nothing else states a payout time for a lender.
 */
export const payoutTimeSchema = z.object({
  within: z.number().int().min(1).max(99),
  unit: z.enum(['workingHours', 'workingDays']),
});
export type PayoutTime = z.infer<typeof payoutTimeSchema>;

/** An offer in an application's status: with the lender's logo and the ranking rule's marks (offer-ranking.ts). */
export const statusOfferSchema = offerSchema.extend({
  lenderLogo: z.string(),
  /** the lender's payout time after signing, when its configuration states one */
  payoutTime: payoutTimeSchema.optional(),
  /** lends the amount asked over the term asked */
  matchesRequest: z.boolean(),
  /** the one best offer: matching, lowest APR, still open, within the cost cap */
  best: z.boolean(),
});
export type StatusOffer = z.infer<typeof statusOfferSchema>;

export interface OfferLender {
  readonly id: string;
  readonly name: string;
  readonly kind: LenderKind;
}

/**
 * The broker's view of a lender's terms. The model is money.ts `loanCost`, the one the representative example
 * uses: the arrangement fee is paid at drawdown (the consumer receives the full amount and pays the fee on top),
 * the monthly fee is added to each annuity instalment, and the APR solves the directive's equation over those
 * cash flows. `drawdown` only moves the day count of the cost cap (months differ in length); by default the
 * fixed reference date of `termDays`, so the same terms always give the same offer.
 */
export function normalizeOffer(terms: LenderOfferTerms, lender: OfferLender, id: string, drawdown?: Date): Offer {
  const amount = roundCents(terms.amount);
  const arrangementFee = roundCents(terms.arrangementFee);
  const monthlyFee = roundCents(terms.monthlyFee);
  const cost = loanCost({
    amount,
    months: terms.term,
    ratePercent: terms.annualRate,
    arrangementFee,
    monthlyFee,
  });
  return {
    id,
    lenderId: lender.id,
    lenderName: lender.name,
    lenderKind: lender.kind,
    amount,
    term: terms.term,
    annualRate: terms.annualRate,
    arrangementFee,
    monthlyFee,
    monthlyPayment: cost.instalment,
    totalPayable: cost.totalPayable,
    totalCostOfCredit: cost.totalCostOfCredit,
    apr: cost.aprPercent,
    validUntil: terms.validUntil,
    exceedsCostCap: exceedsCostCap(amount, cost.totalCostOfCredit, termDays(terms.term, drawdown)),
  };
}
