import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import { formatEuro, formatEuroCents, formatPercent } from '../../../ui/format.ts';
import { formatDate } from '../../../ui/format-date.ts';
import { useLanguage } from './shared.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

export interface OfferCardProps {
  readonly offer: Offer;
  readonly isBest?: boolean;
  /** its validity ran out: shown greyed, with no way to choose it */
  readonly isExpired?: boolean;
  /** the card's action (Choose); none on the chosen-offer screen */
  readonly children?: ReactNode;
  /** where the card sits in the page's outline */
  readonly headingLevel?: 2 | 3;
  /** how a counter-offer differs from the loan asked for, one line each ("7 000 € instead of 12 000 €") */
  readonly difference?: readonly string[] | null;
  /** where the offer's standard pre-contractual information opens, as a page and as a PDF */
  readonly standardInformation?: { readonly html: string; readonly pdf: string } | null;
}

/**
 * One offer with every figure a consumer compares (the directive's standard information): amount, term,
 * borrowing rate, fees, APR, instalment, total payable, validity. Flags an offer above the Latvian cost cap.
 */
export function OfferCard({
  offer,
  isBest = false,
  isExpired = false,
  children,
  headingLevel = 2,
  difference = null,
  standardInformation = null,
}: OfferCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const headingId = useId();
  return (
    <article
      className={`offer-card${isBest ? ' offer-card--best' : ''}${offer.exceedsCostCap ? ' offer-card--over-cap' : ''}${
        isExpired ? ' offer-card--expired' : ''
      }`}
      aria-labelledby={headingId}
    >
      <header className="offer-card__header">
        <img className="offer-card__logo" src={offer.lenderLogo} alt="" width={40} height={40} />
        <Heading id={headingId} className="offer-card__lender">
          {offer.lenderName}
        </Heading>
        {isBest ? <p className="offer-card__best">{t('offers.best')}</p> : null}
      </header>
      {difference && difference.length > 0 ? (
        <ul className="offer-card__difference" aria-label={t('offers.differenceLabel')}>
          {difference.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="offer-card__monthly">
        <span className="offer-card__monthly-label">{t('offers.monthlyPayment')}</span>
        <span className="offer-card__monthly-value">{formatEuroCents(lang, offer.monthlyPayment)}</span>
      </p>
      <dl className="figures">
        <div>
          <dt>{t('offers.amount')}</dt>
          <dd>{formatEuro(lang, offer.amount)}</dd>
        </div>
        <div>
          <dt>{t('offers.term')}</dt>
          <dd>{t('months', { ns: 'common', count: offer.term })}</dd>
        </div>
        <div>
          <dt>{t('offers.annualRate')}</dt>
          <dd>{formatPercent(lang, offer.annualRate)}</dd>
        </div>
        <div>
          <dt>{t('offers.apr')}</dt>
          <dd>{formatPercent(lang, offer.apr)}</dd>
        </div>
        <div>
          <dt>{t('offers.arrangementFee')}</dt>
          <dd>{formatEuroCents(lang, offer.arrangementFee)}</dd>
        </div>
        <div>
          <dt>{t('offers.monthlyFee')}</dt>
          <dd>{formatEuroCents(lang, offer.monthlyFee)}</dd>
        </div>
        <div>
          <dt>{t('offers.totalCost')}</dt>
          <dd>{formatEuroCents(lang, offer.totalCostOfCredit)}</dd>
        </div>
        <div className="figures__total">
          <dt>{t('offers.totalPayable')}</dt>
          <dd>{formatEuroCents(lang, offer.totalPayable)}</dd>
        </div>
        <div>
          <dt>{t('offers.validUntil')}</dt>
          <dd>
            <time dateTime={offer.validUntil}>{formatDate(lang, offer.validUntil)}</time>
          </dd>
        </div>
      </dl>
      {offer.exceedsCostCap ? <p className="offer-card__cap">{t('offers.costCap')}</p> : null}
      {isExpired ? <p className="offer-card__expired">{t('offers.expired')}</p> : null}
      {standardInformation ? (
        <p className="offer-card__documents">
          <a href={standardInformation.html} target="_blank" rel="noopener">
            {t('offers.standardInformation')}
            <span className="visually-hidden"> {t('offers.opensInNewTab', { lender: offer.lenderName })}</span>
          </a>{' '}
          <a href={standardInformation.pdf} target="_blank" rel="noopener">
            {t('offers.standardInformationPdf')}
            <span className="visually-hidden"> {t('offers.opensInNewTab', { lender: offer.lenderName })}</span>
          </a>
        </p>
      ) : null}
      {children ? <div className="offer-card__actions">{children}</div> : null}
    </article>
  );
}
