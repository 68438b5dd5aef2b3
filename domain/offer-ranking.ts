/**
 * The one ranking rule of offers, shared by the status API, the site, the widgets, the account and the
 * e-mails. An offer matches the request when it lends the amount asked over the term asked; the best offer is
 * the matching one with the lowest APR (ties: the lower total payable, then the id, so the answer never depends
 * on the order offers arrived in). Offers for another amount or term (counter-offers) are never the best: they
 * do not compare like for like. An offer that has run out or breaks the Latvian cost cap cannot be chosen
 * honestly, so it is not the best either. No matching offer: no best offer.
 */

export interface RankableOffer {
  readonly id: string;
  readonly amount: number;
  readonly term: number;
  readonly apr: number;
  readonly totalPayable: number;
  readonly validUntil: string;
  readonly exceedsCostCap: boolean;
}

export interface LoanRequest {
  readonly amount: number;
  readonly term: number;
}

/** Amounts are euros with cents: equal to the cent. */
export const matchesRequest = (offer: Pick<RankableOffer, 'amount' | 'term'>, request: LoanRequest): boolean =>
  Math.round(offer.amount * 100) === Math.round(request.amount * 100) && offer.term === request.term;

const canBeBest = (offer: RankableOffer, request: LoanRequest, now: number): boolean =>
  matchesRequest(offer, request) && !offer.exceedsCostCap && Date.parse(offer.validUntil) > now;

/** Lower APR first, then the lower total payable, then the id. */
export const byAprThenTotal = (a: RankableOffer, b: RankableOffer): number =>
  a.apr - b.apr || a.totalPayable - b.totalPayable || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The best offer's id at `now` (ms), or null. */
export function bestOfferId(offers: readonly RankableOffer[], request: LoanRequest, now: number): string | null {
  let best: RankableOffer | null = null;
  for (const offer of offers) {
    if (!canBeBest(offer, request, now)) continue;
    if (!best || byAprThenTotal(offer, best) < 0) best = offer;
  }
  return best?.id ?? null;
}

/** Each offer with whether it matches the request and whether it is the best; the order is kept. */
export function rankOffers<T extends RankableOffer>(
  offers: readonly T[],
  request: LoanRequest,
  now: number,
): (T & { matchesRequest: boolean; best: boolean })[] {
  const best = bestOfferId(offers, request, now);
  return offers.map((offer) => ({ ...offer, matchesRequest: matchesRequest(offer, request), best: offer.id === best }));
}
