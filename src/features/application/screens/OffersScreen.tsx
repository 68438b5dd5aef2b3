import { createContext, memo, useCallback, useContext, useDeferredValue, useMemo, useState } from 'react';
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
  const choice = useOfferChoice();
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
  // the same functions while the person compares and chooses, so no card renders again for a choice: each card's
  // Choose button follows the choice from the context
  const standardInformation = useCallback(
    (offer: Offer) => (token ? standardInformationOf(token, offer.id, lang) : null),
    [token, lang],
  );

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

      <OfferChoiceContext value={choice}>
        <OfferComparison
          offers={offers}
          loan={status?.loan ?? NO_LOAN}
          now={now}
          lendersPending={pendingLenders > 0}
          standardInformation={standardInformation}
          action={chooseButton}
        >
          {declined.length > 0 && status ? <DeclinedLenders lenders={declined} /> : null}
        </OfferComparison>
      </OfferChoiceContext>
      <CallRequest />
    </section>
  );
}

const NO_LOAN = { amount: 0, term: 0 };

interface OfferChoice {
  /** a choice is being sent: every other Choose button waits */
  readonly choosing: boolean;
  /** the offer whose choice is being sent */
  readonly pendingId: string | null;
  readonly choose: (offerId: string) => void;
}

const OfferChoiceContext = createContext<OfferChoice>({ choosing: false, pendingId: null, choose: () => {} });

/** The offer being chosen: the machine's running choice, else the one this page pressed; and the choice itself. */
function useOfferChoice(): OfferChoice {
  const send = useSend();
  const actor = useWorkflowActor();
  const choosing = useWorkflow((snapshot) => snapshot.matches({ watching: 'choosingOffer' }));
  const runningOfferId = useWorkflow(choosingOfferId);
  const [pressed, setPressed] = useState<string | null>(null);
  const choose = useCallback(
    (offerId: string) => {
      setPressed(offerId);
      rememberChosenOffer(actor, offerId);
      send({ type: 'CHOOSE_OFFER', offerId });
    },
    [actor, send],
  );
  const pendingId = choosing ? (runningOfferId ?? pressed) : null;
  return useMemo(() => ({ choosing, pendingId, choose }), [choosing, pendingId, choose]);
}

const chooseButton = (offer: Offer, large: boolean) => <ChooseButton offer={offer} large={large} />;

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

/**
 * An offer's one Choose button, named for its lender; pending, with a spinner, while the choice is sent, the others
 * disabled. The pressed button answers in the press's own frame; the other buttons are disabled a frame later, in a
 * transition: re-rendering 16 of react-aria's buttons in the press kept a slow phone from painting for 300 ms.
 */
function ChooseButton({ offer, large }: { offer: Offer; large: boolean }) {
  const { choosing, pendingId, choose } = useContext(OfferChoiceContext);
  const othersWait = useDeferredValue(choosing);
  const isPending = pendingId === offer.id;
  return (
    <ChooseButtonView
      offerId={offer.id}
      lender={offer.lenderName}
      large={large}
      isPending={isPending}
      isDisabled={othersWait && !isPending}
      onChoose={choose}
    />
  );
}

/** Memoised: only the buttons whose state changes render again. */
const ChooseButtonView = memo(function ChooseButtonView({
  offerId,
  lender,
  large,
  isPending,
  isDisabled,
  onChoose,
}: {
  offerId: string;
  lender: string;
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
      aria-label={t('offers:chooseLabel', { lender })}
      isPending={isPending}
      isDisabled={isDisabled}
      onPress={() => onChoose(offerId)}
    >
      {t('offers:choose')}
      {isPending ? <Spinner /> : null}
    </Button>
  );
});
