/**
 * Whether an offer's validity has run out at `now` (ms): it can no longer be chosen. Apart from
 * offer.ts, whose schemas the offers screen need not load to ask this.
 */
export const isOfferExpired = (offer: { readonly validUntil: string }, now: number): boolean =>
  Date.parse(offer.validUntil) <= now;
