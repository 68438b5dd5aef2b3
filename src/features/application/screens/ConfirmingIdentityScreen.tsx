import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { LiveAnnouncer } from '../../../ui/LiveAnnouncer.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { useSend, useWorkflow } from '../workflow-context.tsx';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { usePresentation } from '../presentation.tsx';

/**
 * "Please wait" while the identification is checked: the Smart-ID verification code to compare with the
 * phone, or the bank's / eParaksts' answer on its way back. The applicant may go back and choose again.
 */
export function ConfirmingIdentityScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const send = useSend();
  const code = useWorkflow(
    (snapshot) => snapshot.context.verificationCode ?? snapshot.context.status?.identification.verificationCode ?? null,
  );
  const { embedded, openTab } = usePresentation();
  const identificationUrl = useWorkflow((snapshot) => snapshot.context.identificationUrl);
  const method = useWorkflow((snapshot) =>
    snapshot.context.verificationCode ? 'smartId' : (snapshot.context.status?.identification.method ?? null),
  );

  return (
    <section className="screen screen--confirming">
      <StepHeading>{t('confirming.title')}</StepHeading>
      {code ? (
        <div className="verification">
          <dl className="verification__pair">
            <dt className="verification__label">{t('confirming.codeLabel')}</dt>
            <dd className="verification__code">{code}</dd>
          </dl>
          <p>{t('confirming.smartIdInstruction')}</p>
        </div>
      ) : (
        <p className="lead">
          {method === 'smartId'
            ? t('confirming.smartIdNoCode')
            : method === 'eSignature'
              ? t('confirming.eSignature')
              : t('confirming.bank')}
        </p>
      )}
      {/* said once when the code appears; the code on screen does not tick, so nothing repeats */}
      <LiveAnnouncer message={code ? t('confirming.codeAnnouncement', { code: code.split('').join(' ') }) : ''} />
      {embedded && identificationUrl ? (
        <p className="screen__note">
          {t('confirming.popupNote')}{' '}
          <a
            href={identificationUrl}
            target="_blank"
            rel="noopener"
            onClick={(event) => {
              if (!openTab) return;
              event.preventDefault();
              openTab(identificationUrl);
            }}
          >
            {t('confirming.openAgain')}
            <span className="visually-hidden"> {t('confirming.newWindow')}</span>
          </a>
        </p>
      ) : null}
      <ProgressBar isIndeterminate label={t('confirming.progress')} />
      <p className="screen__note">{t('confirming.automatic')}</p>
      <div className="screen__actions">
        <Button variant="ghost" onPress={() => send({ type: 'CHOOSE_ANOTHER_METHOD' })}>
          {method === 'bank' || method === null ? t('confirming.another') : t('confirming.anotherMethod')}
        </Button>
      </div>
    </section>
  );
}
