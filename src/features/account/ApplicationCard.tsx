import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountApplication } from '../../../domain/account-api.ts';
import { CHOOSABLE_STATES, SIGNABLE_STATES } from '../../../domain/application-lifecycle.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { isOfferExpired } from '../../../domain/offer-validity.ts';
import { HANDOFF_PARAM, pathOfStep } from '../../../domain/wizard-paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { formatEuro, formatEuroCents, formatPercent } from '../../ui/format.ts';
import { formatDate } from '../../ui/format-date.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient } from './account-context.ts';
import { errorMessage } from './error-message.ts';
import { timeLeft } from './time-left.ts';

/** One application: its loan, state, each lender's progress, offers with their time left, the chosen one. */
export function ApplicationCard({
  application,
  now,
  onChanged,
}: {
  application: AccountApplication;
  now: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const client = useAccountClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = `application-${application.id}`;
  const chosen = application.offers.find((offer) => offer.id === application.chosenOfferId);

  const continueInWizard = async () => {
    setBusy(true);
    try {
      const code = await client.handoff(application.id);
      window.location.assign(`${pathOfStep('waiting', lang)}?${HANDOFF_PARAM}=${code}`);
    } catch (failure) {
      setError(errorMessage(failure, t, t('errors.load')));
      setBusy(false);
    }
  };

  const choose = async (offer: Offer) => {
    setBusy(true);
    setError(null);
    try {
      await client.chooseOffer(application.id, offer.id);
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure, t, t('applications.chooseFailed')));
    }
    setBusy(false);
  };

  return (
    <article className="account-application" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('applications.title', { date: formatDate(lang, application.createdAt) })}</h3>
      <dl className="account-application__facts">
        <div>
          <dt>{t('applications.amount')}</dt>
          <dd>{formatEuro(lang, application.loan.amount)}</dd>
        </div>
        <div>
          <dt>{t('applications.term')}</dt>
          <dd>{t('months', { count: application.loan.term })}</dd>
        </div>
        <div>
          <dt>{t('applications.state')}</dt>
          <dd>{t(`states.${application.state}`)}</dd>
        </div>
      </dl>
      {error ? <Alert>{error}</Alert> : null}
      {application.lenders.length > 0 ? <LenderProgress lenders={application.lenders} /> : null}
      {chosen && application.signUrl && SIGNABLE_STATES.includes(application.state) ? (
        <p className="account-application__chosen">
          <a className="button button--primary" href={application.signUrl}>
            {t('applications.sign', { lender: chosen.lenderName })}
          </a>
        </p>
      ) : null}
      {application.offers.length > 0 ? (
        <>
          <h4>{t('applications.offers')}</h4>
          <ul className="account-offers">
            {application.offers.map((offer) => (
              <OfferItem
                key={offer.id}
                offer={offer}
                now={now}
                isChosen={offer.id === application.chosenOfferId}
                choosable={CHOOSABLE_STATES.includes(application.state)}
                busy={busy}
                onChoose={() => void choose(offer)}
              />
            ))}
          </ul>
        </>
      ) : null}
      {application.continuable ? (
        <Button
          variant={application.offers.length > 0 ? 'ghost' : 'primary'}
          isDisabled={busy}
          onPress={() => void continueInWizard()}
        >
          {t('applications.continue')}
        </Button>
      ) : null}
    </article>
  );
}

/** One offer of the application: its terms, its time left, and the choice while it may be made. */
function OfferItem({
  offer,
  now,
  isChosen,
  choosable,
  busy,
  onChoose,
}: {
  offer: Offer;
  now: number;
  isChosen: boolean;
  choosable: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const expired = isOfferExpired(offer, now);
  return (
    <li className={`account-offer${expired ? ' account-offer--expired' : ''}`}>
      <p className="account-offer__lender">
        {offer.lenderName}
        {isChosen ? <span className="account-offer__chosen"> · {t('applications.chosen')}</span> : null}
      </p>
      <p className="account-offer__terms">
        {t('applications.monthly')}: {formatEuroCents(lang, offer.monthlyPayment)} · {t('applications.apr')}:{' '}
        {formatPercent(lang, offer.apr)} · {t('applications.total')}: {formatEuroCents(lang, offer.totalPayable)}
      </p>
      {/* an offer's time left matters while one can still be chosen; a closed application's offers have none */}
      {choosable ? (
        <p className="account-offer__validity">
          {expired
            ? t('applications.expired')
            : t('applications.validFor', { time: timeLeft(Date.parse(offer.validUntil) - now, t) })}
        </p>
      ) : null}
      {!expired && !isChosen && choosable ? (
        <Button
          variant="secondary"
          isDisabled={busy}
          aria-label={t('applications.chooseLender', { lender: offer.lenderName })}
          onPress={onChoose}
        >
          {t('applications.choose')}
        </Button>
      ) : null}
    </li>
  );
}

/** Where each lender is with the application, behind a disclosure. */
function LenderProgress({ lenders }: { lenders: AccountApplication['lenders'] }) {
  const { t } = useTranslation('account');
  return (
    <details className="account-application__lenders">
      <summary>{t('applications.lenders')}</summary>
      <ul>
        {lenders.map((lender) => (
          <li key={lender.lenderId}>
            {lender.name}: {t(`progress.${lender.progress}`)}
          </li>
        ))}
      </ul>
    </details>
  );
}
