import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountApplication } from '../../../domain/account-api.ts';
import { isAnswered } from '../../../domain/lender-progress.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { Button } from '../../ui/Button.tsx';
import { OfferComparison } from '../../ui/offers/OfferComparison.tsx';
import type { StandardInformationLinks } from '../../ui/offers/offer-parts.tsx';
import { ChoiceConfirmation } from './ChoiceConfirmation.tsx';

/**
 * The offers of an application that can still take a choice, compared by the wizard's own rule and components;
 * each offer's Choose asks for a confirmation in its card before `onChoose`.
 */
export function AccountOffers({
  application,
  now,
  busy,
  standardInformation,
  onChoose,
}: {
  application: AccountApplication;
  now: number;
  busy: boolean;
  standardInformation: (offer: Offer) => StandardInformationLinks;
  onChoose: (offer: Offer) => Promise<boolean>;
}) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState<string | null>(null);
  const action = (offer: Offer) => {
    if (offer.id === application.chosenOfferId) {
      return <p className="account-offer__chosen">{t('applications.chosen')}</p>;
    }
    if (confirming === offer.id) {
      return (
        <ChoiceConfirmation
          lender={offer.lenderName}
          busy={busy}
          onConfirm={() => void onChoose(offer).then((chosen) => chosen && setConfirming(null))}
          onCancel={() => setConfirming(null)}
        />
      );
    }
    return (
      <Button
        variant="secondary"
        isDisabled={busy}
        aria-label={t('applications.chooseLender', { lender: offer.lenderName })}
        onPress={() => setConfirming(offer.id)}
      >
        {t('applications.choose')}
      </Button>
    );
  };
  return (
    <section className="account-offers" aria-label={t('applications.offers')}>
      <OfferComparison
        offers={application.offers}
        loan={application.loan}
        now={now}
        lendersPending={application.lenders.some((lender) => !isAnswered(lender.progress))}
        standardInformation={standardInformation}
        headingLevel={4}
        action={action}
      />
    </section>
  );
}
