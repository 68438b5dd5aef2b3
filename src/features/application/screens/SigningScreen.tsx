import { useTranslation } from 'react-i18next';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { useWorkflow, useWorkflowActor } from '../workflow-context.tsx';
import { sentOfferId } from './chosen-offer.ts';
import { chosenOffer, useStatus } from './shared.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/** Signing at the lender's, online or by courier; the lender reports the payout and this page shows it. */
export function SigningScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const actor = useWorkflowActor();
  const status = useStatus();
  const signUrl = useWorkflow((snapshot) => snapshot.context.status?.signUrl ?? snapshot.context.signUrl ?? null);
  const lender = chosenOffer(status, sentOfferId(actor))?.lenderName ?? null;

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
