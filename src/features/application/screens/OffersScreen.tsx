import { useTranslation } from 'react-i18next';
import { StepHeading } from '../StepHeading.tsx';

/** Placeholder until the screen is built. */
export function OffersScreen() {
  const { t } = useTranslation('workflow');
  return <StepHeading>{t('steps.offers')}</StepHeading>;
}
