import { MoneyField } from '../../../ui/MoneyField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { IncomeTypesFields } from './IncomeTypesFields.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';
import { YesNoQuestion } from './YesNoQuestion.tsx';

/** Whether there is a spouse or partner; if so, their contact, income and the family's liabilities (all optional). */
export function SpouseFields({ form }: { form: ApplicationForm }) {
  const { t, optional } = useFormLabels();
  const { control } = form;
  return (
    <YesNoQuestion label={t('hasSpouse.label')} isRequired {...control('hasSpouse')}>
      <TextField
        label={optional(t('spouseEmail.label'))}
        type="email"
        inputMode="email"
        maxLength={254}
        {...control('spouseEmail')}
      />
      <YesNoQuestion label={optional(t('spouseOffer.label'))} {...control('spouseOffer')} />
      <IncomeTypesFields form={form} group="spouseIncomeTypes" />
      <MoneyField
        label={optional(t('monthlyFamilyFinancialLiabilities.label'))}
        {...control('monthlyFamilyFinancialLiabilities')}
      />
      <MoneyField
        label={optional(t('otherFamilyFinancialLiabilities.label'))}
        {...control('otherFamilyFinancialLiabilities')}
      />
    </YesNoQuestion>
  );
}
