import { useTranslation } from 'react-i18next';
import {
  EMPLOYMENT_DURATIONS,
  INCOME_TYPES,
  OTHER_INCOME_TYPES,
  TIME_UNTIL_END_OR_START,
} from '../../../../domain/application-options.ts';
import { CheckboxGroup } from '../../../ui/CheckboxGroup.tsx';
import { Select } from '../../../ui/Select.tsx';
import { asksTimeUntilStart } from './form-values.ts';
import type { ApplicationForm, IncomeGroup } from './use-application-form.ts';

/**
 * The income types of the applicant (or of the spouse): several may be chosen; each chosen type
 * asks how long it has lasted, and "other" asks which kind of income it is and, for someone not
 * working now, when they start.
 */
export function IncomeTypesFields({ form, group }: { form: ApplicationForm; group: IncomeGroup }) {
  const { t } = useTranslation('form');
  const spouse = group === 'spouseIncomeTypes';
  const chosen = INCOME_TYPES.filter((type) => form.values[group].includes(type));
  const details = form.values[spouse ? 'spouseIncomeDetails' : 'incomeDetails'];
  const optional = spouse ? ` ${t('optional')}` : '';

  return (
    <>
      <CheckboxGroup
        label={spouse ? `${t('incomeTypes.spouseLabel')}${optional}` : t('incomeTypes.label')}
        description={t('incomeTypes.description')}
        isRequired={!spouse}
        options={INCOME_TYPES.map((type) => ({ id: type, label: t(`incomeType.${type}`) }))}
        value={form.values[group]}
        onChange={(next) =>
          form.set(
            group,
            INCOME_TYPES.filter((type) => next.includes(type)),
          )
        }
        {...form.bind(group)}
      />
      {chosen.length > 0 ? (
        <div className="income-details">
          {chosen.map((type, index) => {
            const detail = details[type];
            const path = `${group}.${index}`;
            const key = `${group}.${type}`;
            return (
              <div key={type} className="income-details__entry">
                <Select
                  label={t(spouse ? 'incomeTypes.spouseEmploymentDuration' : 'incomeTypes.employmentDuration', {
                    type: t(`incomeType.${type}`),
                  })}
                  isRequired
                  placeholder={t('choose')}
                  options={EMPLOYMENT_DURATIONS.map((id) => ({ id, label: t(`employmentDuration.${id}`) }))}
                  value={detail.employmentDuration || null}
                  onChange={(value) => form.setIncomeDetail(group, type, { employmentDuration: value })}
                  {...form.bind(`${path}.employmentDuration`, `${key}.employmentDuration`)}
                />
                {type === 'other' ? (
                  <Select
                    label={`${t('incomeTypes.typeOfOtherIncome')}${optional}`}
                    isRequired={!spouse}
                    placeholder={t('choose')}
                    options={OTHER_INCOME_TYPES.map((id) => ({ id, label: t(`otherIncomeType.${id}`) }))}
                    value={detail.typeOfOtherIncome || null}
                    onChange={(value) => form.setIncomeDetail(group, type, { typeOfOtherIncome: value })}
                    {...form.bind(`${path}.typeOfOtherIncome`, `${key}.typeOfOtherIncome`)}
                  />
                ) : null}
                {type === 'other' && asksTimeUntilStart(detail.typeOfOtherIncome) ? (
                  <Select
                    label={`${t('incomeTypes.timeUntilEndOrStart')} ${t('optional')}`}
                    placeholder={t('choose')}
                    options={TIME_UNTIL_END_OR_START.map((id) => ({ id, label: t(`timeUntilEndOrStart.${id}`) }))}
                    value={detail.timeUntilEndOrStart || null}
                    onChange={(value) => form.setIncomeDetail(group, type, { timeUntilEndOrStart: value })}
                    {...form.bind(`${path}.timeUntilEndOrStart`, `${key}.timeUntilEndOrStart`)}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
