import { exceedsCostCap, loanCost, termDays } from './money.ts';
import { MAX_AMOUNT, MAX_TERM_MONTHS, MIN_AMOUNT, MIN_TERM_MONTHS } from './loan-options.ts';
import type { Offer } from './offer.ts';

/**
 * Which bound an offer breaks, in the order they are checked:
 * - `amount`, `term`: outside the range the lender is configured to serve, or outside what the product offers at all;
 * - `rate`: the borrowing rate alone, without any fee, costs more than the Latvian cap allows over the offer's term,
 *   so no contract at that rate could be lawful (fees that push a lawful rate over the cap are shown, flagged);
 * - `cost`: figures no loan has (an APR in the thousands), which only a lender's mistake or an attack sends.
 */
export type OfferBreach = 'amount' | 'term' | 'rate' | 'cost';
export const OFFER_BREACHES: readonly OfferBreach[] = ['amount', 'term', 'rate', 'cost'];

export interface OfferRange {
  readonly min: number;
  readonly max: number;
}

/** What a lender is configured to serve (its entry in the lenders' configuration). */
export interface ServedRanges {
  readonly amounts: OfferRange;
  readonly terms: OfferRange;
}

/** An APR no consumer loan has; above it the figures are a mistake, whatever the cap says. */
export const MAX_PLAUSIBLE_APR = 9_999;

const within = (value: number, range: OfferRange) => value >= range.min && value <= range.max;

/** The first bound the offer breaks, or null when the broker may store and show it. */
export function offerBreach(offer: Offer, served: ServedRanges): OfferBreach | null {
  if (!within(offer.amount, served.amounts) || !within(offer.amount, { min: MIN_AMOUNT, max: MAX_AMOUNT })) {
    return 'amount';
  }
  if (!within(offer.term, served.terms) || !within(offer.term, { min: MIN_TERM_MONTHS, max: MAX_TERM_MONTHS })) {
    return 'term';
  }
  const interestOnly = loanCost({
    amount: offer.amount,
    months: offer.term,
    ratePercent: offer.annualRate,
    arrangementFee: 0,
    monthlyFee: 0,
  });
  if (exceedsCostCap(offer.amount, interestOnly.totalCostOfCredit, termDays(offer.term))) return 'rate';
  if (!Number.isFinite(offer.apr) || offer.apr > MAX_PLAUSIBLE_APR) return 'cost';
  return null;
}
