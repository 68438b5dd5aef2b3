import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../../domain/language.ts';
import type { PhoneCountryIso } from '../../../../domain/phone-countries.ts';
import { PhoneField } from '../../../ui/PhoneField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/** How to reach the applicant: the e-mail address and the phone number with its country, side by side on a wide screen. */
export function ContactFields({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const { values, set, bind, control, language } = form;
  const countryName = useCallback((iso: PhoneCountryIso) => t(iso, { ns: 'countries' }), [t]);
  return (
    <div className="application-form__contact">
      <TextField
        label={t('email.label')}
        description={t('email.description')}
        isRequired
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        {...control('email')}
      />
      <PhoneField
        label={t('phone.label')}
        countryLabel={t('phone.country')}
        relevantTitle={t('phone.relevant')}
        allTitle={t('phone.all')}
        countryName={countryName}
        locale={intlLocale[language]}
        isRequired
        value={{ country: values.phoneCountry, number: values.phoneNumber }}
        onChange={({ country, number }) => {
          set('phoneCountry', country);
          set('phoneNumber', number);
        }}
        {...bind('phoneNumber')}
      />
    </div>
  );
}
