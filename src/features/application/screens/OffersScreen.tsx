import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot } from '../../../../machines/application-machine.ts';
import type { Language } from '../../../../domain/language.ts';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import { isOfferExpired } from '../../../../domain/offer-validity.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { LiveAnnouncer } from '../../../ui/LiveAnnouncer.tsx';
import { SortControl } from '../../../ui/SortControl.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { useSend, useWorkflow, useWorkflowActor } from '../workflow-context.tsx';
import { rememberChosenOffer } from './chosen-offer.ts';
import { OfferCard } from './OfferCard.tsx';
import { OffersTable } from './OffersTable.tsx';
import type { OfferGroupProps, OfferRow } from './offer-group.ts';
import { useOffersTable } from './use-offers-table.ts';
import { DeclinedLenders } from './DeclinedLenders.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { standardInformationHref } from '../../../../domain/standard-information-href.ts';
import { childInput, useApiErrorText, useFreshError, useStatus } from './shared.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useNow } from '../../../ui/use-now.ts';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { isAnswered } from '../../../../domain/lender-progress.ts';

export const SORT_KEYS = ['apr', 'monthlyPayment', 'totalPayable'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Offers in the chosen order; equal figures fall back to the total payable, then the lender's name. */
export function sortOffers(offers: readonly Offer[], key: SortKey): Offer[] {
  return [...offers].sort(
    (a, b) => a[key] - b[key] || a.totalPayable - b.totalPayable || a.lenderName.localeCompare(b.lenderName),
  );
}

const choosingOfferId = (snapshot: ApplicationSnapshot): string | null =>
  childInput<{ offerId: string }>(snapshot, 'chooseOffer')?.offerId ?? null;

/** A group of offers as cards, on a phone or in a narrow widget: a list of them under the group's heading. */
function OfferCards({ heading, lead, empty, rows }: OfferGroupProps) {
  return (
    <>
      <h2 className="offer-group__heading">{heading}</h2>
      {lead ? <p className="screen__note">{lead}</p> : null}
      {rows.length === 0 && empty ? <p className="screen__note">{empty}</p> : null}
      {rows.length > 0 ? (
        <ul className="offer-grid">
          {rows.map(({ offer, isBest, isExpired, difference, standardInformation, action }) => (
            <li key={offer.id} className="offer-grid__item">
              <OfferCard
                offer={offer}
                headingLevel={3}
                variant="compare"
                isBest={isBest}
                isExpired={isExpired}
                difference={difference}
                standardInformation={standardInformation}
              >
                {action}
              </OfferCard>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

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
  const [sortKey, setSortKey] = useState<SortKey>('apr');
  // a table on a wide screen, cards on a phone or a narrow widget: one of them in the DOM
  const table = useOffersTable();

  const offers = status?.offers ?? [];
  // an offer runs out while the person compares: its card greys the minute it does
  const now = useNow(30_000);
  const expired = (offer: Offer) => isOfferExpired(offer, now);
  const pendingLenders = (status?.lenders ?? []).filter((lender) => !isAnswered(lender.progress)).length;
  const sorted = sortOffers(offers, sortKey);
  // one rule for the site, the widgets and the messages: the server marks which offers match and which is best
  const matching = sorted.filter((offer) => offer.matchesRequest);
  const different = sorted.filter((offer) => !offer.matchesRequest);
  const loan = status?.loan ?? { amount: 0, term: 0 };
  const declined = (status?.lenders ?? []).filter((lender) => lender.progress === 'declined');

  const announcement = useArrivalAnnouncement(offers);

  const rowOf = (offer: Offer): OfferRow => {
    const isExpired = expired(offer);
    const isPending = pendingId === offer.id;
    return {
      offer,
      isBest: offer.best && !isExpired,
      isExpired,
      loan: offer.matchesRequest
        ? null
        : t('offers.loan', {
            amount: formatEuro(lang, offer.amount),
            term: t('monthsFor', { ns: 'common', count: offer.term }),
          }),
      difference: offer.matchesRequest ? null : differenceOf(offer, loan, t, lang),
      standardInformation: token ? standardInformationOf(token, offer.id, lang) : null,
      action: isExpired ? null : (
        <ChooseButton
          offer={offer}
          large={!table}
          isPending={isPending}
          isDisabled={choosing && !isPending}
          onChoose={choose}
        />
      ),
    };
  };
  const Group = table ? OffersTable : OfferCards;

  return (
    <section className="screen screen--offers">
      <StepHeading>{t('steps.offers')}</StepHeading>
      {freshError ? <Alert>{errorText(freshError) ?? t('offers.chooseFailed')}</Alert> : null}
      <p className="lead">{t('offers.lead', { count: offers.length })}</p>
      {pendingLenders > 0 ? (
        <p className="screen__note">{t('offers.stillWaiting', { count: pendingLenders })}</p>
      ) : null}
      <LiveAnnouncer message={announcement} />

      <SortControl
        label={t('offers.sortLabel')}
        value={sortKey}
        onChange={setSortKey}
        options={SORT_KEYS.map((key) => ({ id: key, label: t(`offers.sort.${key}`) }))}
      />
      <p className="warning">{t('warning', { ns: 'common' })}</p>

      <p className="screen__note">{t(`offers.order.${sortKey}`)}</p>

      <Group
        heading={t('offers.matchingHeading', {
          amount: formatEuro(lang, loan.amount),
          term: t('monthsFor', { ns: 'common', count: loan.term }),
        })}
        empty={t(pendingLenders > 0 ? 'offers.noMatchingYet' : 'offers.noMatching')}
        rows={matching.map(rowOf)}
        sortKey={sortKey}
      />
      {different.length > 0 ? (
        <Group
          heading={t('offers.differentHeading', { count: different.length })}
          lead={t('offers.differentLead')}
          rows={different.map(rowOf)}
          sortKey={sortKey}
        />
      ) : null}

      {declined.length > 0 && status ? <DeclinedLenders lenders={declined} /> : null}

      <p className="screen__note">{t('offers.aprNote')}</p>
      <p className="screen__note">{t('offers.noObligation')}</p>
    </section>
  );
}

/** "7 000 € instead of 12 000 €", "48 months instead of 60": what differs from the loan asked for */
function differenceOf(offer: Offer, asked: { amount: number; term: number }, t: TFunction, lang: Language): string[] {
  const lines: string[] = [];
  if (Math.round(offer.amount * 100) !== Math.round(asked.amount * 100)) {
    lines.push(
      t('offers.amountInstead', { offered: formatEuro(lang, offer.amount), asked: formatEuro(lang, asked.amount) }),
    );
  }
  if (offer.term !== asked.term) {
    lines.push(
      t('offers.termInstead', { offered: t('months', { ns: 'common', count: offer.term }), asked: asked.term }),
    );
  }
  return lines;
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
      t('offers.newOffer', { count: arrived.length, lender: arrived.map((offer) => offer.lenderName).join(', ') }),
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
      aria-label={t('offers.chooseLabel', { lender: offer.lenderName })}
      isPending={isPending}
      isDisabled={isDisabled}
      onPress={() => onChoose(offer.id)}
    >
      {t('offers.choose')}
      {isPending ? <Spinner /> : null}
    </Button>
  );
}
