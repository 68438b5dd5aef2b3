import type { ReactNode } from 'react';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import type { StandardInformationLinks } from './offer-parts.tsx';
import type { SortKey } from './sort-offers.ts';

/** One offer as a comparison shows it, in a card or a table row alike. */
export interface OfferRow {
  readonly offer: Offer;
  /** the one best offer: for the loan asked, the lowest APR, still valid */
  readonly isBest: boolean;
  /** its validity ran out: no way to choose it */
  readonly isExpired: boolean;
  /** a counter-offer's own amount and term, "3000 € uz 48 mēnešiem"; null for an offer of exactly the loan asked */
  readonly loan: string | null;
  /** how a counter-offer differs from the loan asked for; null for an offer of exactly that loan */
  readonly difference: readonly string[] | null;
  readonly standardInformation: StandardInformationLinks | null;
  /** its one action, the Choose button; the screen gives none to an expired offer */
  readonly action: ReactNode;
}

/** A group of offers (those for the loan asked, those for another amount or term) under its heading. */
export interface OfferGroupProps {
  readonly heading: string;
  /** what the group is, under its heading */
  readonly lead?: string | null;
  /** said when the group has no offer */
  readonly empty?: string | null;
  readonly rows: readonly OfferRow[];
  /** the order the rows are in */
  readonly sortKey: SortKey;
  /** the group heading's level: 2 on a screen of its own, 4 inside an account's application card */
  readonly headingLevel?: 2 | 4;
}
