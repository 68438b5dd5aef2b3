import { useTranslation } from 'react-i18next';
import { formatEuro, formatEuroCents, formatPercent } from '../../../ui/format.ts';
import { StepHeading } from '../StepHeading.tsx';
import { useWorkflowActor } from '../workflow-context.tsx';
import { sentOfferId } from './chosen-offer.ts';
import { chosenOffer, useStatus } from './shared.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { FigureList } from '../../../ui/offers/FigureList.tsx';
import { JourneyEndLink } from './JourneyEndLink.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/**
 * The end of the journey: the lender has paid the loan out to the applicant's bank account; the money is on its way
 * as a bank transfer (no word of signing: that is over).
 */
export function PaidScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const actor = useWorkflowActor();
  const status = useStatus();
  const offer = chosenOffer(status, sentOfferId(actor));

  return (
    <section className="screen screen--paid">
      <StepHeading>{t('steps.paid')}</StepHeading>
      <p className="lead">
        {offer
          ? t('paid.lead', { lender: offer.lenderName, amount: formatEuro(lang, offer.amount) })
          : t('paid.leadUnknown')}
      </p>
      <p>{t('paid.timing')}</p>
      {offer ? (
        <section className="paid-summary" aria-labelledby="paid-summary-heading">
          <h2 id="paid-summary-heading">{t('paid.summary')}</h2>
          <FigureList
            rows={[
              [t('paid.lender'), offer.lenderName],
              [t('offers:amount'), formatEuro(lang, offer.amount)],
              [t('offers:term'), t('months', { ns: 'common', count: offer.term })],
              [t('offers:monthlyPayment'), formatEuroCents(lang, offer.monthlyPayment)],
              [t('offers:apr'), formatPercent(lang, offer.apr)],
              [t('offers:totalPayable'), formatEuroCents(lang, offer.totalPayable)],
            ]}
          />
        </section>
      ) : null}
      <p>{t('paid.thanks')}</p>
      <div className="screen__actions">
        <JourneyEndLink />
      </div>
    </section>
  );
}
