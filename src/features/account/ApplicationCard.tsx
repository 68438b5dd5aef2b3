import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountApplication } from '../../../domain/account-api.ts';
import type { ApplicationState } from '../../../domain/api.ts';
import type { Offer } from '../../../domain/offer.ts';
import { isOfferExpired } from '../../../domain/offer-validity.ts';
import { HANDOFF_PARAM, pathOfStep } from '../../../domain/wizard-paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { formatEuro, formatEuroCents, formatPercent } from '../../ui/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient, useNavigate, useSessionEnded } from './account-context.ts';
import { errorMessage, isUnauthorized } from './error-message.ts';
import { formatDay } from './format-day.ts';
import { timeLeft } from './time-left.ts';

/** States in which an offer can be chosen (again): the offers are there, nothing is signed yet. */
const CHOOSABLE: ReadonlySet<ApplicationState> = new Set(['offers', 'offerChosen']);

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
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // what this page chose, shown at once (the reloaded account says the same a moment later)
  const [justChosen, setJustChosen] = useState<{ offerId: string; signUrl: string } | null>(null);
  const chosenNotice = useRef<HTMLParagraphElement>(null);
  const headingId = `application-${application.id}`;
  const chosenOfferId = justChosen?.offerId ?? application.chosenOfferId;
  const signUrl = justChosen?.signUrl ?? application.signUrl;
  const chosen = application.offers.find((offer) => offer.id === chosenOfferId);
  const choosable = CHOOSABLE.has(application.state) || justChosen !== null;

  useEffect(() => {
    if (justChosen) chosenNotice.current?.focus();
  }, [justChosen]);

  const failed = (failure: unknown, fallback: string) => {
    if (isUnauthorized(failure)) sessionEnded();
    else setError(errorMessage(failure, t, fallback));
  };

  const continueInWizard = async () => {
    setBusy(true);
    setError(null);
    try {
      const code = await client.handoff(application.id);
      navigate(`${pathOfStep('waiting', lang)}?${HANDOFF_PARAM}=${encodeURIComponent(code)}`);
    } catch (failure) {
      failed(failure, t('applications.continueFailed'));
      setBusy(false);
    }
  };

  const choose = async (offer: Offer) => {
    setBusy(true);
    setError(null);
    try {
      setJustChosen({ offerId: offer.id, signUrl: await client.chooseOffer(application.id, offer.id) });
      onChanged();
    } catch (failure) {
      failed(failure, t('applications.chooseFailed'));
    }
    setBusy(false);
  };

  return (
    <article className="account-application" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('applications.title', { date: formatDay(lang, application.createdAt) })}</h3>
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
      {application.lenders.length > 0 ? (
        <>
          <h4>{t('applications.lenders')}</h4>
          <ul className="account-lenders">
            {application.lenders.map((lender) => (
              <li key={lender.lenderId} className={`account-lender account-lender--${lender.progress}`}>
                <span className="account-lender__name">{lender.name}</span>{' '}
                <span className="account-lender__progress">{t(`progress.${lender.progress}`)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {chosen && signUrl ? (
        <div className="account-application__chosen">
          <p ref={chosenNotice} tabIndex={-1}>
            {t('applications.chosenNotice', { lender: chosen.lenderName })}
          </p>
          <a className="button button--primary" href={signUrl}>
            {t('applications.sign', { lender: chosen.lenderName })}
          </a>
        </div>
      ) : null}
      {application.offers.length > 0 ? (
        <>
          <h4>{t('applications.offers')}</h4>
          <ul className="account-offers">
            {application.offers.map((offer) => {
              const expired = isOfferExpired(offer, now);
              const isChosen = offer.id === chosenOfferId;
              return (
                <li
                  key={offer.id}
                  className={[
                    'account-offer',
                    expired ? 'account-offer--expired' : '',
                    isChosen ? 'account-offer--chosen' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <p className="account-offer__lender">
                    {offer.lenderName}
                    {isChosen ? <span className="account-offer__badge">{t('applications.chosen')}</span> : null}
                  </p>
                  <dl className="account-offer__terms">
                    <div>
                      <dt>{t('applications.monthly')}</dt>
                      <dd>{formatEuroCents(lang, offer.monthlyPayment)}</dd>
                    </div>
                    <div>
                      <dt>{t('applications.apr')}</dt>
                      <dd>{formatPercent(lang, offer.apr)}</dd>
                    </div>
                    <div>
                      <dt>{t('applications.total')}</dt>
                      <dd>{formatEuroCents(lang, offer.totalPayable)}</dd>
                    </div>
                  </dl>
                  <p className="account-offer__validity">
                    {expired
                      ? t('applications.expired')
                      : t('applications.validFor', { time: timeLeft(Date.parse(offer.validUntil) - now, t) })}
                  </p>
                  {!expired && !isChosen && choosable ? (
                    <Button
                      variant="secondary"
                      isDisabled={busy}
                      aria-label={t('applications.chooseLender', { lender: offer.lenderName })}
                      onPress={() => void choose(offer)}
                    >
                      {t('applications.choose')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
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
