import { useTranslation } from 'react-i18next';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { useWorkflow, useWorkflowActor } from '../workflow-context.tsx';
import { sentOfferId } from './chosen-offer.ts';
import { chosenOffer, useStatus } from './shared.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/**
 * Signing at the lender's, online or by courier; once the lender reports the contract signed, a
 * confirmation (with whom, how much, when the lender pays out as it states it, what happens next) until the payout.
 */
export function SigningScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const actor = useWorkflowActor();
  const status = useStatus();
  const signUrl = useWorkflow((snapshot) => snapshot.context.status?.signUrl ?? snapshot.context.signUrl ?? null);
  const offer = chosenOffer(status, sentOfferId(actor));
  const lender = offer?.lenderName ?? null;
  const lang = useLanguage();

  if (status?.state === 'signed') {
    return (
      <section className="screen screen--signing">
        <StepHeading>{t('signing.signedTitle')}</StepHeading>
        <p className="lead">
          {offer
            ? t('signing.signedLead', { lender: offer.lenderName, amount: formatEuro(lang, offer.amount) })
            : t('signing.signedLeadUnknown')}
        </p>
        <p>
          {offer?.payoutTime
            ? t('signing.signedTiming', {
                within:
                  offer.payoutTime.unit === 'workingHours'
                    ? t('payoutWithin.workingHours', { count: offer.payoutTime.within })
                    : t('payoutWithin.workingDays', { count: offer.payoutTime.within }),
              })
            : t('signing.signedTimingUnknown')}
        </p>
        <p>{t('signing.next')}</p>
        <ProgressBar isIndeterminate label={t('signing.progress')} />
        <p className="screen__note">{t('signing.closeNote')}</p>
      </section>
    );
  }

  return (
    <section className="screen screen--signing">
      <StepHeading>{t('steps.signing')}</StepHeading>
      <p className="lead">{lender ? t('signing.lead', { lender }) : t('signing.leadUnknown')}</p>
      <p>{t('signing.payout')}</p>
      <ProgressBar isIndeterminate label={t('signing.progress')} />
      {signUrl ? (
        <p>
          <ActionLink variant="ghost" href={signUrl}>
            {lender ? t('signing.open', { lender }) : t('signing.openUnknown')}
          </ActionLink>
        </p>
      ) : null}
      <p className="screen__note">{t('signing.closeNote')}</p>
    </section>
  );
}
