import { useTranslation } from 'react-i18next';
import { LOAN_AMOUNTS, LOAN_TERMS } from '../../../../domain/loan-options.ts';
import { formatEuro } from '../../../ui/format.ts';
import { MoneyField } from '../../../ui/MoneyField.tsx';
import { Select } from '../../../ui/Select.tsx';
import { FormSection } from './FormSection.tsx';
import { IncomeTypesFields } from './IncomeTypesFields.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/** The loan wanted and what pays for it: the monthly income, the amount and term, the income types. */
export function LoanSection({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const { values, set, bind, control, language } = form;
  return (
    <FormSection name="loan">
      <MoneyField
        label={t('monthlyIncome.label')}
        description={t('monthlyIncome.description')}
        isRequired
        autoComplete="off"
        {...control('monthlyIncome')}
      />
      <div className="application-form__pair">
        <Select
          label={t('amount.label')}
          isRequired
          placeholder={t('choose')}
          options={LOAN_AMOUNTS.map((amount) => ({ id: String(amount), label: formatEuro(language, amount) }))}
          value={String(values.amount)}
          onChange={(value) => set('amount', Number(value))}
          {...bind('amount')}
        />
        <Select
          label={t('term.label')}
          isRequired
          placeholder={t('choose')}
          options={LOAN_TERMS.map((months) => ({ id: String(months), label: t('months', { count: months }) }))}
          value={String(values.term)}
          onChange={(value) => set('term', Number(value))}
          {...bind('term')}
        />
      </div>
      <IncomeTypesFields form={form} group="incomeTypes" />
    </FormSection>
  );
}
