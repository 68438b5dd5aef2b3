import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { birthYearOptions, dayOptions, MONTH_OPTIONS } from '../../../../domain/birth-date-options.ts';
import { Select } from '../../../ui/Select.tsx';
import type { ApplicationForm } from './use-application-form.ts';

const asOptions = (list: readonly (string | number)[]) =>
  list.map((item) => ({ id: String(item), label: String(item) }));

/**
 * The date of birth as year, month and day selectors, for a personal code of the new format (it
 * carries no date of birth). The year list holds adults only: from 18 years ago back 90 years.
 */
export function BirthDateField({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const id = useId();
  const { birthYear, birthMonth, birthDay } = form.values;
  const { error, onBlur } = form.bind('dateOfBirth');
  return (
    <div
      className="field birth-date"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
      data-field="dateOfBirth"
      data-invalid={error ? true : undefined}
    >
      <span className="field__label" id={`${id}-label`}>
        {t('dateOfBirth.label')}
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      </span>
      <span className="field__description" id={`${id}-description`}>
        {t('dateOfBirth.description')}
      </span>
      <div className="birth-date__parts">
        <Select
          className="birth-date__year"
          label={t('dateOfBirth.year')}
          isRequired
          placeholder={t('dateOfBirth.yearPlaceholder')}
          options={asOptions(birthYearOptions(new Date()))}
          value={birthYear || null}
          onChange={(value) => form.setBirthPart('birthYear', value)}
        />
        <Select
          className="birth-date__month"
          label={t('dateOfBirth.month')}
          isRequired
          placeholder={t('dateOfBirth.monthPlaceholder')}
          options={asOptions(MONTH_OPTIONS)}
          value={birthMonth || null}
          onChange={(value) => form.setBirthPart('birthMonth', value)}
        />
        <Select
          className="birth-date__day"
          label={t('dateOfBirth.day')}
          isRequired
          placeholder={t('dateOfBirth.dayPlaceholder')}
          options={asOptions(dayOptions(birthYear, birthMonth))}
          value={birthDay || null}
          onChange={(value) => form.setBirthPart('birthDay', value)}
          onBlur={onBlur}
        />
      </div>
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
