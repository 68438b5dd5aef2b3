import { MoneyField } from '../../../ui/MoneyField.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';
import { YesNoQuestion } from './YesNoQuestion.tsx';

/** Whether the applicant has other loans or financial liabilities, and if so what they cost a month. */
export function LiabilitiesFields({ form }: { form: ApplicationForm }) {
  const { t, optional } = useFormLabels();
  const { control } = form;
  return (
    <YesNoQuestion label={t('hasFinancialLiabilities.label')} isRequired {...control('hasFinancialLiabilities')}>
      <MoneyField
        label={t('monthlyFinancialLiabilities.label')}
        description={t('monthlyFinancialLiabilities.description')}
        isRequired
        {...control('monthlyFinancialLiabilities')}
      />
      <MoneyField
        label={optional(t('otherFinancialLiabilities.label'))}
        description={t('otherFinancialLiabilities.description')}
        {...control('otherFinancialLiabilities')}
      />
    </YesNoQuestion>
  );
}
