import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuroCents, formatPercent } from '../../../ui/format.ts';
import { formatDate } from '../../../ui/format-date.ts';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { BestBadge, OfferDifference, StandardInformation } from './offer-parts.tsx';
import type { OfferGroupProps } from './offer-group.ts';
import type { SortKey } from './OffersScreen.tsx';
import { useLanguage } from './shared.tsx';

/**
 * One group of offers as a table, on a wide screen: the group's heading is its caption, a row an offer with the
 * lender as its row header (logo, name, the best badge, what differs from the loan asked), then the monthly
 * payment, APR, total payable, total cost, validity and the one action. The column the rows are ordered by says
 * so (aria-sort).
 */
export function OffersTable({ heading, lead, empty, rows, sortKey }: OfferGroupProps) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const headingId = useId();
  const leadId = useId();
  if (rows.length === 0) {
    return (
      <>
        <h2 className="offer-group__heading">{heading}</h2>
        {empty ? <p className="screen__note">{empty}</p> : null}
      </>
    );
  }
  const column = (key: SortKey | 'totalCost' | 'validUntil') => (
    <th scope="col" className="offer-table__figure" aria-sort={key === sortKey ? 'ascending' : undefined}>
      {t(`offers.${key}`)}
    </th>
  );
  return (
    <table className="offer-table" aria-labelledby={headingId} {...(lead ? { 'aria-describedby': leadId } : {})}>
      <caption className="offer-table__caption">
        <h2 id={headingId} className="offer-group__heading">
          {heading}
        </h2>
        {lead ? (
          <p id={leadId} className="screen__note">
            {lead}
          </p>
        ) : null}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('offers.lender')}</th>
          {column('monthlyPayment')}
          {column('apr')}
          {column('totalPayable')}
          {column('totalCost')}
          {column('validUntil')}
          <th scope="col">
            <span className="visually-hidden">{t('offers.choice')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ offer, isBest, isExpired, difference, standardInformation, action }) => (
          <tr
            key={offer.id}
            className={`offer-table__row${isBest ? ' offer-table__row--best' : ''}${
              isExpired ? ' offer-table__row--expired' : ''
            }`}
          >
            <th scope="row">
              {/* a block inside the cell: a cell laid out as a grid would stop being a cell for screen readers */}
              <div className="offer-table__lender">
                <span className="offer-table__name">
                  <img className="offer-logo" src={offer.lenderLogo} alt="" width={32} height={32} />
                  {offer.lenderName}
                </span>
                {isBest ? <BestBadge /> : null}
                <OfferDifference lines={difference} />
              </div>
            </th>
            <td className="offer-table__figure offer-table__monthly">{formatEuroCents(lang, offer.monthlyPayment)}</td>
            <td className="offer-table__figure">{formatPercent(lang, offer.apr)}</td>
            <td className="offer-table__figure">{formatEuroCents(lang, offer.totalPayable)}</td>
            <td className="offer-table__figure">
              {formatEuroCents(lang, offer.totalCostOfCredit)}
              {offer.exceedsCostCap ? <p className="offer-warning">{t('offers.costCapShort')}</p> : null}
            </td>
            <td className="offer-table__figure">
              <time dateTime={offer.validUntil}>{formatDate(lang, offer.validUntil)}</time>
            </td>
            <td className="offer-table__action">
              {isExpired ? <p className="offer-expired">{t('offers.expired')}</p> : action}
              <StandardInformation lender={offer.lenderName} links={standardInformation} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
