import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { useSend, useWorkflow, useWorkflowActor } from '../workflow-context.tsx';
import { sentOfferId } from './chosen-offer.ts';
import { OfferCard } from '../../../ui/offers/OfferCard.tsx';
import { chosenOffer, useStatus } from './shared.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/**
 * The choice is made: the offer once more, the way to sign it at the lender's, and the way back to the
 * comparison (the choice can change until the contract is signed).
 */
export function OfferChosenScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const send = useSend();
  const actor = useWorkflowActor();
  const status = useStatus();
  const signUrl = useWorkflow((snapshot) => snapshot.context.signUrl ?? snapshot.context.status?.signUrl ?? null);
  const offer = chosenOffer(status, sentOfferId(actor));
  const lender = offer?.lenderName ?? null;

  return (
    <section className="screen screen--offer-chosen">
      <StepHeading>{t('steps.offerChosen')}</StepHeading>
      <p className="lead">{lender ? t('chosen.lead', { lender }) : t('chosen.leadUnknown')}</p>
      <p>{t('chosen.howToSign')}</p>
      <div className="screen__actions">
        <Button size="large" isDisabled={!signUrl} onPress={() => send({ type: 'SIGN' })}>
          {lender ? t('chosen.sign', { lender }) : t('chosen.signUnknown')}
        </Button>
        <Button variant="ghost" onPress={() => send({ type: 'SHOW_OFFERS' })}>
          {t('chosen.another')}
        </Button>
      </div>
      {offer ? (
        <div className="chosen-offer">
          <p className="warning">{t('warning', { ns: 'common' })}</p>
          <OfferCard offer={offer} />
        </div>
      ) : null}
    </section>
  );
}
