import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot } from '../../../../machines/application-machine.ts';
import type { Language } from '../../../../domain/language.ts';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import { isAnswered } from '../../../../domain/lender-progress.ts';
import { standardInformationHref } from '../../../../domain/standard-information-href.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { LiveAnnouncer } from '../../../ui/LiveAnnouncer.tsx';
import { OfferComparison } from '../../../ui/offers/OfferComparison.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StepHeading } from '../StepHeading.tsx';
import { CallRequest } from '../consultant/CallRequest.tsx';
import { DocumentRequests } from '../documents/DocumentRequests.tsx';
import { useSend, useWorkflow, useWorkflowActor } from '../workflow-context.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { rememberChosenOffer } from './chosen-offer.ts';
import { DeclinedLenders } from './DeclinedLenders.tsx';
import { childInput, useApiErrorText, useFreshError, useStatus } from './shared.tsx';
import './screens.css';

const choosingOfferId = (snapshot: ApplicationSnapshot): string | null =>
  childInput<{ offerId: string }>(snapshot, 'chooseOffer')?.offerId ?? null;

/**
 * The comparison: every offer side by side, sorted as the applicant likes, the best marked, each with one
 * Choose button; those for the loan asked first, then those for another amount or term. Cards on a phone, a
 * table per group on a wide screen. Late offers still arrive here and are announced.
 */
export function OffersScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const status = useStatus();
  const { choosing, pendingId, choose } = useOfferChoice();
  const freshError = useFreshError();
  const errorText = useApiErrorText();
  const lang = useLanguage();
  const token = useWorkflow((snapshot) => snapshot.context.token);

  const offers = status?.offers ?? [];
  // an offer runs out while the person compares: its card greys the minute it does
  const now = useNow(30_000);
  const pendingLenders = (status?.lenders ?? []).filter((lender) => !isAnswered(lender.progress)).length;
  const declined = (status?.lenders ?? []).filter((lender) => lender.progress === 'declined');

  const announcement = useArrivalAnnouncement(offers);

  return (
    <section className="screen screen--offers">
      <StepHeading>{t('steps.offers')}</StepHeading>
      {freshError ? <Alert>{errorText(freshError) ?? t('offers:chooseFailed')}</Alert> : null}
      <p className="lead">{t('offers:lead', { count: offers.length })}</p>
      {pendingLenders > 0 ? (
        <p className="screen__note">{t('offers:stillWaiting', { count: pendingLenders })}</p>
      ) : null}
      <LiveAnnouncer message={announcement} />
      <DocumentRequests lenders={status?.lenders ?? []} />

      <OfferComparison
        offers={offers}
        loan={status?.loan ?? { amount: 0, term: 0 }}
        now={now}
        lendersPending={pendingLenders > 0}
        standardInformation={(offer) => (token ? standardInformationOf(token, offer.id, lang) : null)}
        action={(offer, large) => (
          <ChooseButton
            offer={offer}
            large={large}
            isPending={pendingId === offer.id}
            isDisabled={choosing && pendingId !== offer.id}
            onChoose={choose}
          />
        )}
      >
        {declined.length > 0 && status ? <DeclinedLenders lenders={declined} /> : null}
      </OfferComparison>
      <CallRequest />
    </section>
  );
}

/** The offer being chosen: the machine's running choice, else the one this page pressed; and the choice itself. */
function useOfferChoice() {
  const send = useSend();
  const actor = useWorkflowActor();
  const choosing = useWorkflow((snapshot) => snapshot.matches({ watching: 'choosingOffer' }));
  const runningOfferId = useWorkflow(choosingOfferId);
  const [pressed, setPressed] = useState<string | null>(null);
  const choose = (offerId: string) => {
    setPressed(offerId);
    rememberChosenOffer(actor, offerId);
    send({ type: 'CHOOSE_OFFER', offerId });
  };
  return { choosing, pendingId: choosing ? (runningOfferId ?? pressed) : null, choose };
}

/** An offer's standard information (SECCI), as a page and as a PDF. */
const standardInformationOf = (token: string, offerId: string, lang: Language) => ({
  html: standardInformationHref(token, offerId, lang, 'html'),
  pdf: standardInformationHref(token, offerId, lang, 'pdf'),
});

/** Offers that arrive while the applicant compares, announced by name; those on the screen at its start are not. */
function useArrivalAnnouncement(offers: readonly Offer[]): string {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const [known, setKnown] = useState<ReadonlySet<string>>(() => new Set(offers.map((offer) => offer.id)));
  const [announcement, setAnnouncement] = useState('');
  const arrived = offers.filter((offer) => !known.has(offer.id));
  if (arrived.length > 0) {
    setKnown(new Set([...known, ...arrived.map((offer) => offer.id)]));
    setAnnouncement(
      t('offers:newOffer', { count: arrived.length, lender: arrived.map((offer) => offer.lenderName).join(', ') }),
    );
  }
  return announcement;
}

/** An offer's one Choose button, named for its lender; pending, with a spinner, while the choice is sent. */
function ChooseButton({
  offer,
  large,
  isPending,
  isDisabled,
  onChoose,
}: {
  offer: Offer;
  large: boolean;
  isPending: boolean;
  isDisabled: boolean;
  onChoose: (offerId: string) => void;
}) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  return (
    <Button
      size={large ? 'large' : 'normal'}
      className="offer-choose"
      aria-label={t('offers:chooseLabel', { lender: offer.lenderName })}
      isPending={isPending}
      isDisabled={isDisabled}
      onPress={() => onChoose(offer.id)}
    >
      {t('offers:choose')}
      {isPending ? <Spinner /> : null}
    </Button>
  );
}
