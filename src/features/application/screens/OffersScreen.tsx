import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot } from '../../../../machines/application-machine.ts';
import type { Offer } from '../../../../domain/offer.ts';
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
import { childInput, useApiErrorText, useFreshError, useNow, useStatus } from './shared.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { isAnswered } from '../../../../domain/lender-progress.ts';

export const SORT_KEYS = ['monthlyPayment', 'apr', 'totalPayable'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Offers in the chosen order; equal figures fall back to the total payable, then the lender's name. */
export function sortOffers(offers: readonly Offer[], key: SortKey): Offer[] {
  return [...offers].sort(
    (a, b) => a[key] - b[key] || a.totalPayable - b.totalPayable || a.lenderName.localeCompare(b.lenderName),
  );
}

/** The best offer: the lowest total payable among those within the legal cost cap. */
export function bestOffer(offers: readonly Offer[]): Offer | null {
  let best: Offer | null = null;
  for (const offer of offers) {
    if (offer.exceedsCostCap) continue;
    if (!best || offer.totalPayable < best.totalPayable) best = offer;
  }
  return best;
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
  const [sortKey, setSortKey] = useState<SortKey>('monthlyPayment');
  const [pressed, setPressed] = useState<string | null>(null);

  const offers = status?.offers ?? [];
  // an offer runs out while the person compares: its card greys the minute it does
  const now = useNow(30_000);
  const expired = (offer: Offer) => isOfferExpired(offer, now);
  const pendingLenders = (status?.lenders ?? []).filter((lender) => !isAnswered(lender.progress)).length;
  const best = bestOffer(offers.filter((offer) => !expired(offer)));
  const sorted = sortOffers(offers, sortKey);
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

      <ul className="offer-grid">
        {sorted.map((offer) => {
          const isPending = pendingId === offer.id;
          return (
            <li key={offer.id} className="offer-grid__item">
              <OfferCard offer={offer} isBest={offer.id === best?.id} isExpired={expired(offer)}>
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
        })}
      </ul>
      <p className="screen__note">{t('offers.aprNote')}</p>
      <p className="screen__note">{t('offers.noObligation')}</p>
    </section>
  );
}
