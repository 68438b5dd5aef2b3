import { DEPENDENTS_COUNTS } from '../../../../domain/application-options.ts';
import { Select } from '../../../ui/Select.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { useFormLabels } from './use-form-labels.ts';
import { YesNoQuestion } from './YesNoQuestion.tsx';

/** Whether the applicant has dependents, and if so how many. */
export function DependentsFields({ form }: { form: ApplicationForm }) {
  const { t } = useFormLabels();
  const { values, control } = form;
  return (
    <YesNoQuestion
      label={t('hasDependents.label')}
      description={t('hasDependents.description')}
      isRequired
      {...control('hasDependents')}
    >
      <Select
        label={t('numberOfDependents.label')}
        isRequired
        placeholder={t('choose')}
        options={DEPENDENTS_COUNTS.map((count) => ({
          id: count,
          label: count === 'moreThan5' ? t('numberOfDependents.moreThan5') : count,
        }))}
        {...control('numberOfDependents')}
        value={values.numberOfDependents || null}
      />
    </YesNoQuestion>
  );
}
