import { useTranslation } from 'react-i18next';
import { StepHeading } from '../StepHeading.tsx';
import './screens.css';

/**
 * While the machine finds where the applicant is (restoring, loading the status, routing) or a screen loads.
 * Part of the first download, so it stays small: the browser's own indeterminate progress bar, which
 * every screen reader knows, instead of the design system's.
 */
export function LoadingScreen() {
  const { t } = useTranslation('workflow');
  return (
    <section className="screen screen--loading">
      <StepHeading>{t('steps.loading')}</StepHeading>
      <progress className="loading-progress" aria-label={t('loading.progress')} />
    </section>
  );
}
