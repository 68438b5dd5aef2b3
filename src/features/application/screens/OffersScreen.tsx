import {
  createContext,
  memo,
  useCallback,
  useContext,
  useDeferredValue,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import { isAnswered } from '../../../../domain/lender-progress.ts';
import { standardInformationHref } from '../../../../domain/standard-information-href.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { LiveAnnouncer } from '../../../ui/LiveAnnouncer.tsx';
import { OfferComparison } from '../../../ui/offers/OfferComparison.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StepHeading } from '../StepHeading.tsx';
import { CallRequest } from '../consultant/CallRequest.tsx';
import { DocumentRequests } from '../documents/DocumentRequests.tsx';
import { useWorkflow, useWorkflowActor } from '../workflow-context.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { DeclinedLenders } from './DeclinedLenders.tsx';
import { useApiErrorText, useFreshError, useStatus } from './shared.tsx';
import { createOfferChoice, NO_OFFER_CHOICE, type OfferChoiceStore } from './offer-choice.ts';
import './screens.css';

/**
 * The comparison: every offer side by side, sorted as the applicant likes, the best marked, each with one
 * Choose button; those for the loan asked first, then those for another amount or term. Cards on a phone, a
 * table per group on a wide screen. Late offers still arrive here and are announced.
 */
export function OffersScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const status = useStatus();
  const freshError = useFreshError();
  const errorText = useApiErrorText();
  const lang = useLanguage();
  const token = useWorkflow((snapshot) => snapshot.context.token);

  const offers = status?.offers ?? [];
  // an offer runs out while the person compares: its card greys the minute it does
  const now = useNow(30_000);
  const pendingLenders = (status?.lenders ?? []).filter((lender) => !isAnswered(lender.progress)).length;
  const lenders = status?.lenders;
  // one element while the lenders stay: the memoised comparison renders again only for what it shows
  const declinedLenders = useMemo(() => {
    const declined = (lenders ?? []).filter((lender) => lender.progress === 'declined');
    return declined.length > 0 ? <DeclinedLenders lenders={declined} /> : null;
  }, [lenders]);

  const announcement = useArrivalAnnouncement(offers);
  // The same functions while the person compares and chooses, so no card renders again for a choice: each card's
  // Choose button follows the choice from its store (offer-choice.ts). Its words are looked up here, once per
  // language, not in each press's render (i18next's lookups cost a slow phone's press).
  const chooseButton = useCallback(
    (offer: Offer, large: boolean) => (
      <ChooseButton
        offer={offer}
        large={large}
        label={t('offers:chooseLabel', { lender: offer.lenderName })}
        text={t('offers:choose')}
      />
    ),
    [t],
  );
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

      <OfferChoiceProvider>
        <OfferComparison
          offers={offers}
          loan={status?.loan ?? NO_LOAN}
          now={now}
          lendersPending={pendingLenders > 0}
          standardInformation={standardInformation}
          action={chooseButton}
        >
          {declinedLenders}
        </OfferComparison>
      </OfferChoiceProvider>
      <CallRequest />
    </section>
  );
}

const NO_LOAN = { amount: 0, term: 0 };

const OfferChoiceContext = createContext<OfferChoiceStore>(NO_OFFER_CHOICE);

/**
 * The choice's store for the Choose buttons, and for them alone: the context's value never changes, so a press renders
 * neither this nor the screen around the buttons (its comparison, documents and call request).
 */
function OfferChoiceProvider({ children }: { children: ReactNode }) {
  const actor = useWorkflowActor();
  const store = useMemo(() => createOfferChoice(actor), [actor]);
  return <OfferChoiceContext value={store}>{children}</OfferChoiceContext>;
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

/**
 * An offer's one Choose button, named for its lender; pending, with a spinner, while the choice is sent, the others
 * disabled. The pressed button answers in the press's own frame; the other buttons are disabled a frame later, in a
 * transition: re-rendering 16 (then react-aria's) buttons in the press kept a slow phone from painting for 300 ms.
 */
function ChooseButton({ offer, large, label, text }: { offer: Offer; large: boolean; label: string; text: string }) {
  const store = useContext(OfferChoiceContext);
  const isPending = useSyncExternalStore(store.subscribe, () => store.pendingId() === offer.id);
  const choosing = useSyncExternalStore(store.subscribe, store.choosing);
  const othersWait = useDeferredValue(choosing);
  return (
    <ChooseButtonView
      offerId={offer.id}
      label={label}
      text={text}
      large={large}
      isPending={isPending}
      isDisabled={othersWait && !isPending}
      onChoose={store.choose}
    />
  );
}

/**
 * Memoised: only the buttons whose state changes render again. The browser's own button in the product's look
 * rather than react-aria's: that one rendered again on the press's pointerdown, focus and click, 60–100 ms of script
 * on a slow phone before the pressed button could paint. The browser gives what this one button needs: Enter and
 * Space press it, `disabled` takes the others out of reach, and the pending one stays focusable but says it is
 * unavailable (aria-disabled), as react-aria's pending button does; the focus ring is :focus-visible's (buttons.css).
 */
const ChooseButtonView = memo(function ChooseButtonView({
  offerId,
  label,
  text,
  large,
  isPending,
  isDisabled,
  onChoose,
}: {
  offerId: string;
  label: string;
  text: string;
  large: boolean;
  isPending: boolean;
  isDisabled: boolean;
  onChoose: (offerId: string) => void;
}) {
  return (
    <button
      type="button"
      className={`button button--primary${large ? ' button--large' : ''} offer-choose`}
      aria-label={label}
      aria-disabled={isPending || undefined}
      disabled={isDisabled}
      data-pending={isPending || undefined}
      data-disabled={isDisabled || undefined}
      onClick={isPending ? undefined : () => onChoose(offerId)}
    >
      {text}
      {isPending ? <Spinner /> : null}
    </button>
  );
});
