import type { StatusOffer as Offer } from '../../../domain/offer.ts';

export const SORT_KEYS = ['apr', 'monthlyPayment', 'totalPayable'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Offers in the chosen order; equal figures fall back to the total payable, then the lender's name. */
export function sortOffers(offers: readonly Offer[], key: SortKey): Offer[] {
  return [...offers].sort(
    (a, b) => a[key] - b[key] || a.totalPayable - b.totalPayable || a.lenderName.localeCompare(b.lenderName),
  );
}
