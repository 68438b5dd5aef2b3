import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountApplication } from '../../../domain/account-api.ts';
import { CHOOSABLE_STATES, SIGNABLE_STATES } from '../../../domain/application-lifecycle.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { accountStandardInformationHref } from '../../../domain/standard-information-href.ts';
import { documentRequestFragment, HANDOFF_PARAM, pathOfStep } from '../../../domain/wizard-paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { formatEuro } from '../../ui/format.ts';
import { formatDate } from '../../ui/format-date.ts';
import type { StandardInformationLinks } from '../../ui/offers/offer-parts.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient } from './account-context.ts';
import { AccountOffers } from './AccountOffers.tsx';
import { CallRequests } from './CallRequests.tsx';
import { ChosenOfferSigning } from './ChosenOfferSigning.tsx';
import { ClosedApplication } from './ClosedApplication.tsx';
import { DocumentsAsked } from './DocumentsAsked.tsx';
import { errorMessage } from './error-message.ts';

/**
 * One application: its loan in the title, its state, each lender's progress, and then what the person can do with
 * it. While an offer can be chosen, the offers as the wizard compares them (groups, the one best, every figure,
 * the standard information), each chosen after a confirmation; a chosen offer's signing, brought into view; a
 * signed or paid loan summed up, with the offers not chosen below it.
 */
export function ApplicationCard({
  application,
  now,
  onChanged,
}: {
  application: AccountApplication;
  now: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation(['account', 'offers', 'common']);
  const lang = useLanguage();
  const client = useAccountClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [justChosen, setJustChosen] = useState(false);
  const headingId = `application-${application.id}`;
  const chosen = application.offers.find((offer) => offer.id === application.chosenOfferId);
  const choosable = CHOOSABLE_STATES.includes(application.state);
  const focused = useCallback(() => setJustChosen(false), []);

  const continueInWizard = async (at = '') => {
    setBusy(true);
    try {
      const code = await client.handoff(application.id);
      window.location.assign(`${pathOfStep('waiting', lang)}?${HANDOFF_PARAM}=${code}${at}`);
    } catch (failure) {
      setError(errorMessage(failure, t, t('errors.load')));
      setBusy(false);
    }
  };

  const choose = async (offer: Offer): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await client.chooseOffer(application.id, offer.id);
      setJustChosen(true);
      onChanged();
      return true;
    } catch (failure) {
      setError(errorMessage(failure, t, t('applications.chooseFailed')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const standardInformation = (offer: Offer): StandardInformationLinks => ({
    html: accountStandardInformationHref(application.id, offer.id, lang, 'html'),
    pdf: accountStandardInformationHref(application.id, offer.id, lang, 'pdf'),
  });

  return (
    <article className="account-application" aria-labelledby={headingId}>
      <ApplicationTitle application={application} headingId={headingId} />
      {error ? <Alert>{error}</Alert> : null}
      {application.lenders.length > 0 ? <LenderProgress lenders={application.lenders} /> : null}
      {application.continuable ? (
        <DocumentsAsked
          lenders={application.lenders}
          busy={busy}
          onAnswer={(requestId) => void continueInWizard(`#${documentRequestFragment(lang, requestId)}`)}
        />
      ) : null}
      <CallRequests applicationId={application.id} canAsk={application.continuable} />
      {chosen && application.signUrl && SIGNABLE_STATES.includes(application.state) ? (
        <ChosenOfferSigning
          lender={chosen.lenderName}
          signUrl={application.signUrl}
          focusNow={justChosen}
          onFocused={focused}
        />
      ) : null}
      {!choosable && application.offers.length > 0 ? (
        <ClosedApplication application={application} standardInformation={standardInformation} />
      ) : null}
      {choosable && application.offers.length > 0 ? (
        <AccountOffers
          application={application}
          now={now}
          busy={busy}
          standardInformation={standardInformation}
          onChoose={choose}
        />
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

/** The loan asked (amount, term, purpose) as the card's title; when it was sent and where it stands below. */
function ApplicationTitle({ application, headingId }: { application: AccountApplication; headingId: string }) {
  const { t } = useTranslation(['account', 'offers', 'common']);
  const lang = useLanguage();
  return (
    <>
      <h3 id={headingId}>
        {t('offers:loan', {
          amount: formatEuro(lang, application.loan.amount),
          term: t('monthsFor', { ns: 'common', count: application.loan.term }),
        })}
        <span className="account-application__purpose">
          {' · '}
          {t(`applications.purposes.${application.loan.purpose}`)}
        </span>
      </h3>
      <p className="account-application__meta">
        {t('applications.submitted', { date: formatDate(lang, application.createdAt) })} ·{' '}
        <span className="account-application__state">{t(`states.${application.state}`)}</span>
      </p>
    </>
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
