import { useTranslation } from 'react-i18next';

/** The form's words, and the label of an optional field: the label with "(optional)" after it. */
export function useFormLabels() {
  const { t } = useTranslation('form');
  return { t, optional: (label: string) => `${label} ${t('optional')}` };
}
