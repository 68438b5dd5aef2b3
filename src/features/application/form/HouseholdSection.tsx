import { DependentsFields } from './DependentsFields.tsx';
import { FormSection } from './FormSection.tsx';
import { LiabilitiesFields } from './LiabilitiesFields.tsx';
import { PepFields } from './PepFields.tsx';
import { SpouseFields } from './SpouseFields.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';
import { YesNoQuestion } from './YesNoQuestion.tsx';

/** The applicant's household and obligations: spouse, dependents, property, liabilities, political exposure. */
export function HouseholdSection({ form }: { form: ApplicationForm }) {
  const { t, optional } = useFormLabels();
  return (
    <FormSection name="household">
      <SpouseFields form={form} />
      <DependentsFields form={form} />
      <YesNoQuestion label={optional(t('ownsProperty.label'))} {...form.control('ownsProperty')} />
      <LiabilitiesFields form={form} />
      <PepFields form={form} />
    </FormSection>
  );
}
