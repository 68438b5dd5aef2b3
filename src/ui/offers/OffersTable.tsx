import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuroCents, formatPercent } from '../format.ts';
import { formatShortDate } from '../format-date.ts';
import { OFFER_NAMESPACES } from './offer-words.ts';
import { BestBadge, OfferDifference, StandardInformation } from './offer-parts.tsx';
import type { OfferGroupProps, OfferRow } from './offer-group.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/** The figures a row shows after its lender, in this order: every figure an offer's card shows. */
const FIGURE_COLUMNS = [
  'monthlyPayment',
  'apr',
  'annualRate',
  'totalPayable',
  'totalCost',
  'arrangementFee',
  'monthlyFee',
  'validUntil',
] as const;

/**
 * One group of offers as a table, on a wide screen: the group's heading is its caption, a row an offer with the
 * lender as its row header (logo, name, the best badge, a counter-offer's own amount and term and what differs
 * from the loan asked, the standard information), then every figure of the offer's card, right-aligned in
 * columns, and the one action. The column the rows are ordered by says so (aria-sort).
 */
export function OffersTable({ heading, lead, empty, rows, sortKey, headingLevel = 2 }: OfferGroupProps) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  const headingId = useId();
  const leadId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h2';
  if (rows.length === 0) {
    return (
      <>
        <Heading className="offer-group__heading">{heading}</Heading>
        {empty ? <p className="offer-note">{empty}</p> : null}
      </>
    );
  }
  return (
    <table className="offer-table" aria-labelledby={headingId} {...(lead ? { 'aria-describedby': leadId } : {})}>
      <caption className="offer-table__caption">
        <Heading id={headingId} className="offer-group__heading">
          {heading}
        </Heading>
        {lead ? (
          <p id={leadId} className="offer-note">
            {lead}
          </p>
        ) : null}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('lender')}</th>
          {FIGURE_COLUMNS.map((key) => (
            <th
              key={key}
              scope="col"
              className="offer-table__figure"
              aria-sort={key === sortKey ? 'ascending' : undefined}
            >
              {t(key)}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('choice')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <OfferTableRow key={row.offer.id} row={row} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * One offer's row: memoised, so a new order moves the row with its DOM and a pending choice renders only the Choose
 * buttons, not every figure of every row again.
 */
const OfferTableRow = memo(function OfferTableRow({ row }: { row: OfferRow }) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  const lang = useLanguage();
  const { offer, isBest, isExpired, loan, difference, standardInformation, action } = row;
  return (
    <tr
      className={`offer-table__row${isBest ? ' offer-table__row--best' : ''}${isExpired ? ' offer-table__row--expired' : ''}`}
    >
      <th scope="row">
        {/* a block inside the cell: a cell laid out as a grid would stop being a cell for screen readers */}
        <div className="offer-table__lender">
          <span className="offer-table__name">
            <img className="offer-logo" src={offer.lenderLogo} alt="" width={24} height={24} />
            {offer.lenderName}
          </span>
          {isBest ? <BestBadge /> : null}
          {loan ? <p className="offer-table__loan">{loan}</p> : null}
          <OfferDifference lines={difference} />
          <StandardInformation lender={offer.lenderName} links={standardInformation} short />
        </div>
      </th>
      <td className="offer-table__figure offer-table__monthly">{formatEuroCents(lang, offer.monthlyPayment)}</td>
      <td className="offer-table__figure offer-table__key">{formatPercent(lang, offer.apr)}</td>
      <td className="offer-table__figure">{formatPercent(lang, offer.annualRate)}</td>
      <td className="offer-table__figure offer-table__key">{formatEuroCents(lang, offer.totalPayable)}</td>
      <td className="offer-table__figure">
        {formatEuroCents(lang, offer.totalCostOfCredit)}
        {offer.exceedsCostCap ? <p className="offer-warning">{t('costCapShort')}</p> : null}
      </td>
      <td className="offer-table__figure">{formatEuroCents(lang, offer.arrangementFee)}</td>
      <td className="offer-table__figure">{formatEuroCents(lang, offer.monthlyFee)}</td>
      <td className="offer-table__figure">
        <time dateTime={offer.validUntil}>{formatShortDate(lang, offer.validUntil)}</time>
      </td>
      <td className="offer-table__action">
        {isExpired ? <p className="offer-expired">{t('expiredShort')}</p> : action}
      </td>
    </tr>
  );
});
