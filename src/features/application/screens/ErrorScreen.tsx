import { useTranslation } from 'react-i18next';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { Button } from '../../../ui/Button.tsx';
import { StepHeading } from '../StepHeading.tsx';
import { useSend, useWorkflow } from '../workflow-context.tsx';
import { useApiErrorText } from './shared.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { newApplicationPath } from '../../../../domain/wizard-paths.ts';
import './screens.css';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';

/** "An error occurred": why, when known; try again from what the server knows, or start a new application. */
export function ErrorScreen() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const send = useSend();
  const error = useWorkflow((snapshot) => snapshot.context.error);
  const errorText = useApiErrorText();
  const reason = error?.code === 'applicationEnded' ? t('error.applicationEnded') : errorText(error);

  return (
    <section className="screen screen--error">
      <StepHeading>{t('steps.error')}</StepHeading>
      <p className="lead">{reason ?? t('error.unknown')}</p>
      <p>{t('error.whatNow')}</p>
      <div className="screen__actions">
        <Button size="large" onPress={() => send({ type: 'RETRY' })}>
          {t('error.retry')}
        </Button>
        <ActionLink variant="ghost" href={newApplicationPath(lang)}>
          {t('error.newApplication')}
        </ActionLink>
      </div>
    </section>
  );
}
