import { memo, startTransition, useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/language.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { isOfferExpired } from '../../../domain/offer-validity.ts';
import { afterNextPaint } from '../after-next-paint.ts';
import { formatEuro } from '../format.ts';
import { SortControl } from '../SortControl.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { OfferCard } from './OfferCard.tsx';
import { OffersTable } from './OffersTable.tsx';
import type { OfferGroupProps, OfferRow } from './offer-group.ts';
import type { StandardInformationLinks } from './offer-parts.tsx';
import { OFFER_NAMESPACES } from './offer-words.ts';
import { SORT_KEYS, sortOffers, type SortKey } from './sort-offers.ts';
import { useOffersTable } from './use-offers-table.ts';

export interface OfferComparisonProps {
  readonly offers: readonly Offer[];
  /** the loan the person asked for: offers of exactly it come first, the others say how they differ */
  readonly loan: { readonly amount: number; readonly term: number };
  /** the time an offer's validity is measured against: an offer that ran out is greyed, with no action */
  readonly now: number;
  /** some lender may still answer: "no offer of the loan asked yet" rather than "no offer of it" */
  readonly lendersPending: boolean;
  /** where an offer's standard information opens (null: nowhere to open it) */
  readonly standardInformation: (offer: Offer) => StandardInformationLinks | null;
  /** a valid offer's one action, Choose; `large` on a card, where the button spans the card */
  readonly action: (offer: Offer, large: boolean) => ReactNode;
  /**
   * 2 on the offers screen, 4 inside an account's application card (its heading is an h3); cards always, there,
   * as the account's column is narrower than the table's ten columns
   */
  readonly headingLevel?: 2 | 4;
  /** what follows the groups, before the notes on the APR and on choosing (the lenders that declined) */
  readonly children?: ReactNode;
}

/**
 * The comparison of offers, one rule on the wizard's offers screen and in the account: sorted as the person likes,
 * the credit warning, those for the loan asked first with the one best marked (the server says which), then
 * those for another amount or term, each saying how it differs; every figure of the standard information, its
 * page and PDF, the validity. Cards on a phone or in a narrow widget, a table per group on a wide screen.
 * Memoised: a screen that renders again around it (a choice starting, an error going) leaves it alone.
 */
export const OfferComparison = memo(function OfferComparison({
  offers,
  loan,
  now,
  lendersPending,
  standardInformation,
  action,
  headingLevel = 2,
  children,
}: OfferComparisonProps) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  const lang = useLanguage();
  // The browser checks the pressed order's radio and paints it with no render of ours; the offers follow after that
  // paint, in a transition, which a slow phone may take a few frames over.
  const [sortKey, setSortKey] = useState<SortKey>('apr');
  // a table on a wide screen, cards on a phone or a narrow widget: one of them in the DOM
  const wide = useOffersTable();
  const table = wide && headingLevel === 2;

  const { amount, term } = loan;
  // the offers that ran out, as one string: the clock's tick every half minute changes the rows only when it changes
  const expiredIds = offers
    .filter((offer) => isOfferExpired(offer, now))
    .map((offer) => offer.id)
    .join(' ');
  // A row for each offer, made once for the offers, their expiry and the actions; a new order only reorders them, so
  // the memoised cards and table rows keep their DOM and skip rendering (16 cards re-rendered took 300 ms on a slow
  // phone).
  const rowsById = useMemo(() => {
    const asked = { amount, term };
    const expired = new Set(expiredIds.split(' '));
    const rowOf = (offer: Offer): OfferRow => {
      const isExpired = expired.has(offer.id);
      return {
        offer,
        isBest: offer.best && !isExpired,
        isExpired,
        loan: offer.matchesRequest
          ? null
          : t('loan', {
              amount: formatEuro(lang, offer.amount),
              term: t('monthsFor', { ns: 'common', count: offer.term }),
            }),
        difference: offer.matchesRequest ? null : differenceOf(offer, asked, t, lang),
        standardInformation: standardInformation(offer),
        action: isExpired ? null : action(offer, !table),
      };
    };
    return new Map(offers.map((offer) => [offer.id, rowOf(offer)]));
  }, [offers, expiredIds, amount, term, t, lang, standardInformation, action, table]);

  return (
    <>
      <SortControl
        label={t('sortLabel')}
        defaultValue={sortKey}
        onChange={(key) => afterNextPaint(() => startTransition(() => setSortKey(key)))}
        options={SORT_KEYS.map((key) => ({ id: key, label: t(`sort.${key}`) }))}
      />
      <OfferGroups
        offers={offers}
        rowsById={rowsById}
        sortKey={sortKey}
        amount={amount}
        term={term}
        lendersPending={lendersPending}
        table={table}
        headingLevel={headingLevel}
      >
        {children}
      </OfferGroups>
    </>
  );
});

/**
 * Everything under the sort control, in `sortKey`'s order. Memoised: the press of another order renders only the
 * control, and this follows when the deferred order comes.
 */
const OfferGroups = memo(function OfferGroups({
  offers,
  rowsById,
  sortKey,
  amount,
  term,
  lendersPending,
  table,
  headingLevel,
  children,
}: {
  offers: readonly Offer[];
  rowsById: ReadonlyMap<string, OfferRow>;
  sortKey: SortKey;
  amount: number;
  term: number;
  lendersPending: boolean;
  table: boolean;
  headingLevel: 2 | 4;
  children: ReactNode;
}) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  const lang = useLanguage();
  const sorted = sortOffers(offers, sortKey);
  // one rule for the site, the widgets, the account and the messages: the server marks which offers match and which is best
  const rowsOf = (matchesRequest: boolean) =>
    sorted.filter((offer) => offer.matchesRequest === matchesRequest).flatMap((offer) => rowsById.get(offer.id) ?? []);
  const matching = rowsOf(true);
  const different = rowsOf(false);
  const Group = table ? OffersTable : OfferCards;

  return (
    <>
      <p className="warning">{t('warning', { ns: 'common' })}</p>

      <p className="offer-note">{t(`order.${sortKey}`)}</p>

      <Group
        heading={t('matchingHeading', {
          amount: formatEuro(lang, amount),
          term: t('monthsFor', { ns: 'common', count: term }),
        })}
        empty={t(lendersPending ? 'noMatchingYet' : 'noMatching')}
        rows={matching}
        sortKey={sortKey}
        headingLevel={headingLevel}
      />
      {different.length > 0 ? (
        <Group
          heading={t('differentHeading', { count: different.length })}
          lead={t('differentLead')}
          rows={different}
          sortKey={sortKey}
          headingLevel={headingLevel}
        />
      ) : null}
      {children}

      <p className="offer-note">{t('aprNote')}</p>
      <p className="offer-note">{t('noObligation')}</p>
    </>
  );
});

/** A group of offers as cards, on a phone or in a narrow column: a list of them under the group's heading. */
function OfferCards({ heading, lead, empty, rows, headingLevel = 2 }: OfferGroupProps) {
  const Heading = headingLevel === 4 ? 'h4' : 'h2';
  return (
    <>
      <Heading className="offer-group__heading">{heading}</Heading>
      {lead ? <p className="offer-note">{lead}</p> : null}
      {rows.length === 0 && empty ? <p className="offer-note">{empty}</p> : null}
      {rows.length > 0 ? (
        <ul className="offer-grid">
          {rows.map(({ offer, isBest, isExpired, difference, standardInformation, action }) => (
            <li key={offer.id} className="offer-grid__item">
              <OfferCard
                offer={offer}
                headingLevel={headingLevel === 4 ? 5 : 3}
                variant="compare"
                isBest={isBest}
                isExpired={isExpired}
                difference={difference}
                standardInformation={standardInformation}
              >
                {action}
              </OfferCard>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** "7 000 € instead of 12 000 €", "48 months instead of 60": what differs from the loan asked for */
function differenceOf(offer: Offer, asked: { amount: number; term: number }, t: TFunction, lang: Language): string[] {
  const lines: string[] = [];
  if (Math.round(offer.amount * 100) !== Math.round(asked.amount * 100)) {
    lines.push(t('amountInstead', { offered: formatEuro(lang, offer.amount), asked: formatEuro(lang, asked.amount) }));
  }
  if (offer.term !== asked.term) {
    lines.push(t('termInstead', { offered: t('months', { ns: 'common', count: offer.term }), asked: asked.term }));
  }
  return lines;
}
