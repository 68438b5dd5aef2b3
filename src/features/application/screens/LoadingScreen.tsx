import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { StepHeading } from '../StepHeading.tsx';
import './screens.css';

/** While the machine finds where the applicant is (restoring, loading the status, routing) or a screen loads. */
export function LoadingScreen() {
  const { t } = useTranslation('workflow');
  return (
    <section className="screen screen--loading">
      <StepHeading>{t('steps.loading')}</StepHeading>
      <ProgressBar isIndeterminate label={t('loading.progress')} />
    </section>
  );
}
