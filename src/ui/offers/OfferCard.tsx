import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { formatEuro, formatEuroCents, formatPercent } from '../format.ts';
import { formatDate } from '../format-date.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { OFFER_NAMESPACES } from './offer-words.ts';
import { BestBadge, OfferDifference, StandardInformation, type StandardInformationLinks } from './offer-parts.tsx';

export interface OfferCardProps {
  readonly offer: Offer;
  readonly isBest?: boolean;
  /** its validity ran out: shown greyed, with no way to choose it */
  readonly isExpired?: boolean;
  /** the card's one action (Choose); none on the chosen-offer screen */
  readonly children?: ReactNode;
  /** where the card sits in the page's outline */
  readonly headingLevel?: 2 | 3 | 5;
  /**
   * 'compare' on the offers screen: every figure but the amount and term, which are the group heading's (a
   * counter-offer, with a difference, shows its own); 'full' on the chosen-offer screen: every term of the offer
   */
  readonly variant?: 'compare' | 'full';
  /** how a counter-offer differs from the loan asked for, one line each ("7 000 € instead of 12 000 €") */
  readonly difference?: readonly string[] | null;
  /** where the offer's standard pre-contractual information opens, as a page and as a PDF */
  readonly standardInformation?: StandardInformationLinks | null;
}

/**
 * One offer as a card: the lender, the monthly payment large, then the figures a consumer compares (the
 * directive's standard information): APR, total payable, borrowing rate, total cost, fees, validity, and the
 * amount and term where the group's heading does not say them. Flags an offer above the Latvian cost cap. The
 * offers screen on a phone, the chosen offer everywhere. Memoised: a comparison's new order or a choice pending on
 * the screen changes none of a card's props (its Choose button follows the choice by itself), and the card is
 * neither rendered again nor its DOM rebuilt.
 */
export const OfferCard = memo(function OfferCard({
  offer,
  isBest = false,
  isExpired = false,
  children,
  headingLevel = 2,
  variant = 'full',
  difference = null,
  standardInformation = null,
}: OfferCardProps) {
  const Heading = (['h2', 'h3', 'h4', 'h5'] as const)[headingLevel - 2] ?? 'h2';
  const { t } = useTranslation(OFFER_NAMESPACES);
  const lang = useLanguage();
  const headingId = useId();
  // a counter-offer's amount and term are its own, not the group heading's
  const ownLoan = variant === 'full' || (difference !== null && difference.length > 0);
  const figure = (label: string, value: ReactNode, className?: string) => (
    <div className={className}>
      <dt>{t(label)}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <article
      className={`offer-card${isBest ? ' offer-card--best' : ''}${offer.exceedsCostCap ? ' offer-card--over-cap' : ''}${
        isExpired ? ' offer-card--expired' : ''
      }`}
      aria-labelledby={headingId}
    >
      <header className="offer-card__header">
        <img className="offer-logo" src={offer.lenderLogo} alt="" width={40} height={40} />
        <Heading id={headingId} className="offer-card__lender">
          {offer.lenderName}
        </Heading>
        {isBest ? <BestBadge /> : null}
      </header>
      <OfferDifference lines={difference} />
      <p className="offer-card__monthly">
        <span className="offer-card__monthly-label">{t('monthlyPayment')}</span>
        <span className="offer-card__monthly-value">{formatEuroCents(lang, offer.monthlyPayment)}</span>
      </p>
      <dl className="figures">
        {ownLoan ? (
          <>
            {figure('amount', formatEuro(lang, offer.amount))}
            {figure('term', t('months', { ns: 'common', count: offer.term }))}
          </>
        ) : null}
        {figure('apr', formatPercent(lang, offer.apr), 'figures__key')}
        {figure('totalPayable', formatEuroCents(lang, offer.totalPayable), 'figures__key')}
        {figure('annualRate', formatPercent(lang, offer.annualRate))}
        {figure('totalCost', formatEuroCents(lang, offer.totalCostOfCredit))}
        {figure('arrangementFee', formatEuroCents(lang, offer.arrangementFee))}
        {figure('monthlyFee', formatEuroCents(lang, offer.monthlyFee))}
        {figure('validUntil', <time dateTime={offer.validUntil}>{formatDate(lang, offer.validUntil)}</time>)}
      </dl>
      {offer.exceedsCostCap ? <p className="offer-warning">{t('costCap')}</p> : null}
      {isExpired ? <p className="offer-expired">{t('expired')}</p> : null}
      <StandardInformation lender={offer.lenderName} links={standardInformation} />
      {children ? <div className="offer-card__actions">{children}</div> : null}
    </article>
  );
});
