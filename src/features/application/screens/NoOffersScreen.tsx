import { useTranslation } from 'react-i18next';
import { company } from '../../../../domain/company.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { CallRequest } from '../consultant/CallRequest.tsx';
import { useStatus } from './shared.tsx';
import { DeclinedLenders } from './DeclinedLenders.tsx';
import { JourneyEndLink } from './JourneyEndLink.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/** No lender made an offer this time: why each declined, the right to ask for a human review, and what else to do. */
export function NoOffersScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const status = useStatus();
  const declined = (status?.lenders ?? []).filter((lender) => lender.progress === 'declined');
  return (
    <section className="screen screen--no-offers">
      <StepHeading>{t('steps.noOffers')}</StepHeading>
      <p className="lead">{t('noOffers.lead')}</p>
      <p>{t('noOffers.why')}</p>
      {declined.length > 0 ? <DeclinedLenders lenders={declined} /> : null}
      <h2>{t('noOffers.whatNow')}</h2>
      <ul className="tips-list">
        <li>{t('noOffers.tipAmount')}</li>
        <li>{t('noOffers.tipLater')}</li>
        <li>
          {t('noOffers.tipConsultant')} <ActionLink href={company.phoneHref}>{company.phone}</ActionLink>{' '}
          <span className="screen__note">
            ({t('hours', { ns: 'common', from: company.hours.weekdaysFrom, to: company.hours.weekdaysTo })})
          </span>
        </li>
      </ul>
      <CallRequest />
      <div className="screen__actions">
        <JourneyEndLink />
      </div>
    </section>
  );
}
