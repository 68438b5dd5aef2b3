import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountApplication } from '../../../domain/account-api.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { formatEuro, formatEuroCents, formatPercent } from '../../ui/format.ts';
import { formatDate } from '../../ui/format-date.ts';
import { FigureList } from '../../ui/offers/FigureList.tsx';
import { StandardInformation, type StandardInformationLinks } from '../../ui/offers/offer-parts.tsx';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * An application no offer can be chosen in any more, as it ended: the loan taken (lender, amount, term, monthly
 * payment, APR, total, when signed and paid, the offer's standard information) and the offers that were not chosen;
 * no button, as nothing is left to do.
 */
export function ClosedApplication({
  application,
  standardInformation,
}: {
  application: AccountApplication;
  standardInformation: (offer: Offer) => StandardInformationLinks;
}) {
  const { t } = useTranslation(['account', 'offers', 'common']);
  const lang = useLanguage();
  const chosen = application.offers.find((offer) => offer.id === application.chosenOfferId);
  const others = application.offers.filter((offer) => offer.id !== application.chosenOfferId);
  const summaryId = `summary-${application.id}`;
  const othersId = `others-${application.id}`;
  const rows: [string, ReactNode][] = chosen
    ? [
        [t('applications.lender'), chosen.lenderName],
        [t('offers:amount'), formatEuro(lang, chosen.amount)],
        [t('offers:term'), t('months', { ns: 'common', count: chosen.term })],
        [t('offers:monthlyPayment'), formatEuroCents(lang, chosen.monthlyPayment)],
        [t('offers:apr'), formatPercent(lang, chosen.apr)],
        [t('offers:totalPayable'), formatEuroCents(lang, chosen.totalPayable)],
        ...(application.signedAt
          ? [[t('applications.signedAt'), formatDate(lang, application.signedAt)] as [string, ReactNode]]
          : []),
        ...(application.paidAt
          ? [[t('applications.paidAt'), formatDate(lang, application.paidAt)] as [string, ReactNode]]
          : []),
      ]
    : [];
  return (
    <>
      {chosen ? (
        <section className="account-summary" aria-labelledby={summaryId}>
          <h4 id={summaryId}>
            {t(chosen && application.signedAt ? 'applications.loanTaken' : 'applications.chosenOffer')}
          </h4>
          <FigureList rows={rows} />
          <StandardInformation lender={chosen.lenderName} links={standardInformation(chosen)} />
        </section>
      ) : null}
      {others.length > 0 ? (
        <section className="account-summary" aria-labelledby={othersId}>
          <h4 id={othersId}>{t(chosen ? 'applications.notChosenHeading' : 'applications.offersHeading')}</h4>
          <ul className="account-others">
            {others.map((offer) => (
              <li key={offer.id}>
                <span className="account-others__lender">{offer.lenderName}</span>{' '}
                {t('offers:loan', {
                  amount: formatEuro(lang, offer.amount),
                  term: t('monthsFor', { ns: 'common', count: offer.term }),
                })}
                {' · '}
                {t('offers:aprShort')} {formatPercent(lang, offer.apr)} · {formatEuroCents(lang, offer.monthlyPayment)}{' '}
                {t('applications.perMonth')}
                {chosen ? <span className="account-others__state"> · {t('applications.notChosen')}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
