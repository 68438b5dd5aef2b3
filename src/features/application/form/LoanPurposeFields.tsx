import { LOAN_PURPOSES } from '../../../../domain/application-options.ts';
import { MoneyField } from '../../../ui/MoneyField.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';

/** The purpose of the loan; refinancing asks the amounts, another purpose asks what it is. */
export function LoanPurposeFields({ form }: { form: ApplicationForm }) {
  const { t, optional } = useFormLabels();
  const { values, set, bind, control } = form;
  return (
    <>
      <Select
        label={t('loanPurpose.label')}
        isRequired
        placeholder={t('choose')}
        options={LOAN_PURPOSES.map((purpose) => ({ id: purpose, label: t(`purpose.${purpose}`) }))}
        value={values.loanPurpose || null}
        onChange={(value) => set('loanPurpose', value as (typeof LOAN_PURPOSES)[number])}
        {...bind('loanPurpose')}
      />
      {values.loanPurpose === 'refinancing' ? (
        <div className="application-form__pair application-form__follow-up">
          <MoneyField
            label={optional(t('amountRefinance.label'))}
            description={t('amountRefinance.description')}
            {...control('amountRefinance')}
          />
          <MoneyField
            label={optional(t('additionalAmount.label'))}
            description={t('additionalAmount.description')}
            {...control('additionalAmount')}
          />
        </div>
      ) : null}
      {values.loanPurpose === 'other' ? (
        <div className="application-form__follow-up">
          <TextField label={t('loanPurposeText.label')} isRequired maxLength={200} {...control('loanPurposeText')} />
        </div>
      ) : null}
    </>
  );
}
