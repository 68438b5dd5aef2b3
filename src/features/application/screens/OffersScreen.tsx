import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot } from '../../../../machines/application-machine.ts';
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
import { DeclinedLenders } from './DeclinedLenders.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { standardInformationHref } from '../../../../domain/standard-information-href.ts';
import { childInput, useApiErrorText, useFreshError, useLanguage, useNow, useStatus } from './shared.tsx';
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

/**
 * The comparison: every offer side by side, sorted as the applicant likes, the best marked, each with a
 * Choose button. Late offers still arrive here and are announced.
 */
export function OffersScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const send = useSend();
  const actor = useWorkflowActor();
  const status = useStatus();
  const choosing = useWorkflow((snapshot) => snapshot.matches({ watching: 'choosingOffer' }));
  const runningOfferId = useWorkflow(choosingOfferId);
  const freshError = useFreshError();
  const errorText = useApiErrorText();
  const lang = useLanguage();
  const token = useWorkflow((snapshot) => snapshot.context.token);
  const [sortKey, setSortKey] = useState<SortKey>('apr');
  const [pressed, setPressed] = useState<string | null>(null);

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
  const pendingId = choosing ? (runningOfferId ?? pressed) : null;

  // offers that arrive while the applicant compares are announced by name
  const [known, setKnown] = useState<ReadonlySet<string>>(() => new Set(offers.map((offer) => offer.id)));
  const [announcement, setAnnouncement] = useState('');
  const arrived = offers.filter((offer) => !known.has(offer.id));
  if (arrived.length > 0) {
    setKnown(new Set([...known, ...arrived.map((offer) => offer.id)]));
    setAnnouncement(
      t('offers.newOffer', { count: arrived.length, lender: arrived.map((offer) => offer.lenderName).join(', ') }),
    );
  }

  const choose = (offerId: string) => {
    setPressed(offerId);
    rememberChosenOffer(actor, offerId);
    send({ type: 'CHOOSE_OFFER', offerId });
  };

  const card = (offer: Offer) => {
    const isPending = pendingId === offer.id;
    return (
      <li key={offer.id} className="offer-grid__item">
        <OfferCard
          offer={offer}
          headingLevel={3}
          isBest={offer.best && !expired(offer)}
          isExpired={expired(offer)}
          difference={offer.matchesRequest ? null : differenceOf(offer, loan)}
          standardInformation={
            token
              ? {
                  html: standardInformationHref(token, offer.id, lang, 'html'),
                  pdf: standardInformationHref(token, offer.id, lang, 'pdf'),
                }
              : null
          }
        >
          {expired(offer) ? null : (
            <Button
              size="large"
              className="offer-card__choose"
              aria-label={t('offers.chooseLabel', { lender: offer.lenderName })}
              isPending={isPending}
              isDisabled={choosing && !isPending}
              onPress={() => choose(offer.id)}
            >
              {t('offers.choose')}
              {isPending ? <Spinner /> : null}
            </Button>
          )}
        </OfferCard>
      </li>
    );
  };

  /** "7 000 € instead of 12 000 €", "48 months instead of 60": what differs from the loan asked for */
  function differenceOf(offer: Offer, asked: { amount: number; term: number }): string[] {
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

      <h2 className="offer-group__heading">
        {t('offers.matchingHeading', {
          amount: formatEuro(lang, loan.amount),
          term: t('months', { ns: 'common', count: loan.term }),
        })}
      </h2>
      {matching.length === 0 ? <p className="screen__note">{t('offers.noMatching')}</p> : null}
      <ul className="offer-grid">{matching.map(card)}</ul>

      {different.length > 0 ? (
        <>
          <h2 className="offer-group__heading">{t('offers.differentHeading', { count: different.length })}</h2>
          <p className="screen__note">{t('offers.differentLead')}</p>
          <ul className="offer-grid">{different.map(card)}</ul>
        </>
      ) : null}

      {declined.length > 0 && status ? <DeclinedLenders lenders={declined} /> : null}

      <p className="screen__note">{t('offers.aprNote')}</p>
      <p className="screen__note">{t('offers.noObligation')}</p>
    </section>
  );
}
