import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { formatEuroCents, formatPercent } from '../../../ui/format.ts';
import { formatCountdown } from '../../../ui/format-date.ts';
import { LiveAnnouncer } from '../../../ui/LiveAnnouncer.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { CallRequest } from '../consultant/CallRequest.tsx';
import { DocumentRequests } from '../documents/DocumentRequests.tsx';
import { useSend } from '../workflow-context.tsx';
import { useStatus } from './shared.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useNow } from '../../../ui/use-now.ts';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { answeredCount } from '../../../../domain/lender-progress.ts';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';

/** The promise: every offer and the decision within an hour of the identification. */
const PROMISE_MS = 60 * 60_000;
/** The live region says how much time is left at most this often. */
const ANNOUNCE_EVERY_MS = 10 * 60_000;

/**
 * Identified; the lenders are answering. How many have answered, each lender's state, the first offers as
 * they come, and the time left of the one-hour promise. The clock ticks for the eye only; the live region
 * says the answered count when it changes and the time left every ten whole minutes.
 */
export function WaitingScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lendersHeadingId = useId();
  const status = useStatus();
  const lenders = status?.lenders ?? [];
  const offers = status?.offers ?? [];
  const answered = answeredCount(lenders);
  const total = lenders.length;

  const identifiedAt = status?.identifiedAt ? Date.parse(status.identifiedAt) : Number.NaN;
  const deadline = Number.isNaN(identifiedAt) ? null : identifiedAt + PROMISE_MS;
  const now = useNow(1000, deadline !== null);
  const remaining = deadline === null ? null : deadline - now;
  const late = remaining !== null && remaining <= 0;
  // the ten-minute stretch of the hour we are in: 6 at the start, 0 once the hour has passed
  const stretch = remaining === null ? null : Math.max(0, Math.ceil(remaining / ANNOUNCE_EVERY_MS));

  const answeredText = t('waiting.answered', { count: answered, total });
  // what the live region last said, from the first status on (arriving on the screen is not news)
  const [heard, setHeard] = useState<{ answered: number; stretch: number | null } | null>(
    status ? { answered, stretch } : null,
  );
  const [announcement, setAnnouncement] = useState('');
  if (status && (heard === null || heard.answered !== answered || heard.stretch !== stretch)) {
    setHeard({ answered, stretch });
    if (heard) {
      if (heard.answered !== answered) setAnnouncement(answeredText);
      else if (stretch === 0) setAnnouncement(t('waiting.lateAnnouncement'));
      else if (stretch !== null) setAnnouncement(t('waiting.minutesLeft', { count: stretch * 10 }));
    }
  }

  return (
    <section className="screen screen--waiting">
      <StepHeading>{t('steps.waiting')}</StepHeading>
      <p className="lead">{t('waiting.lead')}</p>

      {total > 0 ? (
        <ProgressBar label={t('waiting.progressLabel')} value={answered} maxValue={total} valueLabel={answeredText} />
      ) : null}

      {remaining !== null ? (
        late ? (
          <p className="notice notice--late">{t('waiting.late')}</p>
        ) : (
          <p className="countdown">
            <span className="countdown__label">{t('waiting.countdownLabel')}</span>{' '}
            <time className="countdown__time" dateTime={`PT${Math.ceil(remaining / 1000)}S`}>
              {formatCountdown(remaining)}
            </time>
          </p>
        )
      ) : null}
      <LiveAnnouncer message={announcement} />

      <DocumentRequests lenders={lenders} />

      {offers.length > 0 ? <FirstOffers offers={offers} /> : null}

      {total > 0 ? (
        <section aria-labelledby={lendersHeadingId}>
          <h2 id={lendersHeadingId}>{t('waiting.lendersHeading')}</h2>
          <ul className="lender-list">
            {lenders.map((lender) => (
              <li key={lender.lenderId} className="lender-list__item">
                <span className="lender-list__name">{lender.name}</span>
                <span className={`lender-state lender-state--${lender.progress}`}>
                  {t(`waiting.progress.${lender.progress}`)}
                </span>
                {lender.progress === 'declined' ? (
                  <span className="lender-list__reason">{t(`declined.reason.${lender.declineReason ?? 'other'}`)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="screen__note">{t('waiting.closeNote')}</p>
      <CallRequest />
    </section>
  );
}

/** The offers that have come so far: the way to all of them first, then each lender's monthly payment and APR. */
function FirstOffers({ offers }: { offers: readonly Offer[] }) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const send = useSend();
  const offersHeadingId = useId();
  return (
    <section className="waiting-offers" aria-labelledby={offersHeadingId}>
      <h2 id={offersHeadingId}>{t('waiting.offersHeading', { count: offers.length })}</h2>
      {/* the way on comes before the offers and the lenders below them: in view at 1280×800, however many came */}
      <Button size="large" className="waiting-offers__show" onPress={() => send({ type: 'SHOW_OFFERS' })}>
        {t('waiting.showOffers')}
      </Button>
      <ul className="waiting-offers__list">
        {offers.map((offer) => (
          <li key={offer.id} className="waiting-offers__item">
            <span className="waiting-offers__lender">{offer.lenderName}</span>
            <dl className="figures figures--inline">
              <div>
                <dt>{t('offers:monthlyPayment')}</dt>
                <dd>{formatEuroCents(lang, offer.monthlyPayment)}</dd>
              </div>
              <div>
                <dt>{t('offers:aprShort')}</dt>
                <dd>{formatPercent(lang, offer.apr)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
