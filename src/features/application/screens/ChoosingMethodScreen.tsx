import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSnapshot, IdentificationChoice } from '../../../../machines/application-machine.ts';
import type { Institution } from '../../../../domain/api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Disclosure } from '../../../ui/Disclosure.tsx';
import { LoanSummary } from '../../../ui/LoanSummary.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StepHeading } from '../StepHeading.tsx';
import { useSend, useWorkflow } from '../workflow-context.tsx';
import { childInput, useApiErrorText, useFreshError, useStatus } from './shared.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { hasApplicationDraft } from '../form/application-draft.ts';

const keyOf = (choice: IdentificationChoice): string =>
  choice.method === 'bank' ? `bank:${choice.institutionId}` : choice.method;

/** The choice being started, from the machine's running startIdentification actor. */
const startingChoice = (snapshot: ApplicationSnapshot): IdentificationChoice | null =>
  childInput<{ choice: IdentificationChoice }>(snapshot, 'startIdentification')?.choice ?? null;

const byOrder = (a: Institution, b: Institution) => a.order - b.order || a.name.localeCompare(b.name);

/**
 * Step 2 of the journey: how to confirm one's identity. Banks first (internet bank login), then Smart-ID and
 * the electronic signature; after a failed attempt the same choice under "Identification failed".
 */
export function ChoosingMethodScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const send = useSend();
  const status = useStatus();
  const institutions = useWorkflow((snapshot) => snapshot.context.institutions);
  const failed = useWorkflow((snapshot) => snapshot.matches({ choosingMethod: 'identificationFailed' }));
  const starting = useWorkflow((snapshot) => snapshot.matches('startingIdentification'));
  const runningChoice = useWorkflow(startingChoice);
  const freshError = useFreshError();
  const errorText = useApiErrorText();
  // what this page pressed, in case the machine's actor is not to be seen (it always is while starting)
  const [pressed, setPressed] = useState<string | null>(null);
  const banksId = useId();
  const otherId = useId();

  const pendingKey = starting ? (runningChoice ? keyOf(runningChoice) : pressed) : null;
  const choose = (choice: IdentificationChoice) => {
    setPressed(keyOf(choice));
    send({ type: 'CHOOSE_METHOD', choice });
  };
  const methodButton = (choice: IdentificationChoice, content: ReactNode) => (
    <MethodTile choice={choice} pendingKey={pendingKey} starting={starting} onChoose={choose}>
      {content}
    </MethodTile>
  );
  const bankButton = (institution: Institution) => (
    <li key={institution.id}>
      {methodButton(
        { method: 'bank', institutionId: institution.id },
        <>
          <img className="method-tile__logo" src={institution.logo} alt="" width={40} height={40} />
          <span className="method-tile__name">{institution.name}</span>
        </>,
      )}
    </li>
  );

  const sorted = [...institutions].sort(byOrder);
  const featured = sorted.filter((institution) => institution.featured);
  const others = sorted.filter((institution) => !institution.featured);

  // why it failed: an error of the attempt just made, else the provider's answer the server keeps
  const failure = status?.identification.failure ?? null;
  const reason = errorText(freshError) ?? (failure ? t(`failure.${failure}`) : null);

  return (
    <section className="screen screen--choosing-method">
      <StepHeading>{t('steps.choosingMethod')}</StepHeading>
      <IdentificationIntro failed={failed} reason={reason} />
      <p className="lead">{t('method.lead')}</p>

      {featured.length + others.length > 0 ? (
        <section className="method-section" aria-labelledby={banksId}>
          <h2 id={banksId} className="method-section__heading">
            {t('method.banksHeading')}
          </h2>
          <p className="method-section__hint">{t('method.banksHint')}</p>
          {featured.length > 0 ? <ul className="method-grid">{featured.map(bankButton)}</ul> : null}
          {others.length > 0 ? (
            <Disclosure title={t('method.moreBanks')} defaultExpanded={featured.length === 0}>
              <ul className="method-grid">{others.map(bankButton)}</ul>
            </Disclosure>
          ) : null}
        </section>
      ) : null}

      <section className="method-section" aria-labelledby={otherId}>
        <h2 id={otherId} className="method-section__heading">
          {t('method.otherHeading')}
        </h2>
        <ul className="method-grid">
          <li>
            {methodButton(
              { method: 'smartId' },
              <span className="method-tile__text">
                <span className="method-tile__name">{t('method.smartId')}</span>
                <span className="method-tile__hint">{t('method.smartIdHint')}</span>
              </span>,
            )}
          </li>
          <li>
            {methodButton(
              { method: 'eSignature' },
              <span className="method-tile__text">
                <span className="method-tile__name">{t('method.eSignature')}</span>
                <span className="method-tile__hint">{t('method.eSignatureHint')}</span>
              </span>,
            )}
          </li>
        </ul>
      </section>

      <p className="method-safety">{t('method.safety')}</p>

      <EditApplication disabled={starting} />
    </section>
  );
}

/** After a failed attempt, why; the applicant greeted and the loan asked for. */
function IdentificationIntro({ failed, reason }: { failed: boolean; reason: string | null }) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const status = useStatus();
  const language = useLanguage();
  return (
    <>
      {failed ? (
        <Alert>
          <p className="alert__title">{t('identificationFailed')}</p>
          {reason ? <p>{reason}</p> : null}
        </Alert>
      ) : null}
      {status?.firstName ? <p className="method-greeting">{t('method.greeting', { name: status.firstName })}</p> : null}
      {status ? (
        <LoanSummary
          language={language}
          amount={status.loan.amount}
          term={status.loan.term}
          purpose={status.loan.purpose}
        />
      ) : null}
    </>
  );
}

/** One way to identify: pending, with a spinner, while its start runs; disabled while another's does. */
function MethodTile({
  choice,
  pendingKey,
  starting,
  onChoose,
  children,
}: {
  choice: IdentificationChoice;
  pendingKey: string | null;
  starting: boolean;
  onChoose: (choice: IdentificationChoice) => void;
  children: ReactNode;
}) {
  const isPending = pendingKey === keyOf(choice);
  return (
    <Button
      variant="ghost"
      className="method-tile"
      isPending={isPending}
      isDisabled={starting && !isPending}
      onPress={() => onChoose(choice)}
    >
      {children}
      {isPending ? <Spinner /> : null}
    </Button>
  );
}

/**
 * Back to the form, with what changing the application means: what this tab kept comes back (all but the personal
 * code and the income, which are never stored), else the form is empty.
 */
function EditApplication({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const send = useSend();
  const editHintId = useId();
  const [kept] = useState(hasApplicationDraft);
  return (
    <div className="screen__aside">
      <Button
        variant="ghost"
        className="link-button"
        aria-describedby={editHintId}
        isDisabled={disabled}
        onPress={() => send({ type: 'EDIT_APPLICATION' })}
      >
        {t('method.edit')}
      </Button>
      <p id={editHintId} className="screen__note">
        {kept ? t('method.editHint') : t('method.editHintEmpty')}
      </p>
    </div>
  );
}
