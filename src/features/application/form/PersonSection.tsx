import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/TextField.tsx';
import { BirthDateField } from './BirthDateField.tsx';
import { ContactFields } from './ContactFields.tsx';
import { asksDateOfBirth } from './form-values.ts';
import { FormSection } from './FormSection.tsx';
import { LoanPurposeFields } from './LoanPurposeFields.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/**
 * The applicant: the name, the purpose of the loan, the personal code (and the date of birth when
 * the code carries none) and the contacts, in the order of the spec.
 */
export function PersonSection({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const { values, control } = form;
  // no maxLength on the names: a pasted name that is too long would be cut without a word; the
  // schema's message says it is too long instead
  return (
    <FormSection name="person">
      <div className="application-form__pair">
        <TextField label={t('firstname.label')} isRequired autoComplete="given-name" {...control('firstname')} />
        <TextField
          label={t('lastname.label')}
          description={t('lastname.description')}
          isRequired
          autoComplete="family-name"
          {...control('lastname')}
        />
      </div>
      <LoanPurposeFields form={form} />
      <TextField
        label={t('personalId.label')}
        description={t('personalId.description')}
        isRequired
        autoComplete="off"
        inputMode="numeric"
        maxLength={20}
        {...control('personalId')}
      />
      {asksDateOfBirth(values) ? (
        <div className="application-form__follow-up">
          <BirthDateField form={form} />
        </div>
      ) : null}
      <ContactFields form={form} />
    </FormSection>
  );
}
