import { useTranslation } from 'react-i18next';
import { InfoTip } from '../../../ui/InfoTip.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { ApplicationForm } from './use-application-form.ts';
import { YesNoQuestion } from './YesNoQuestion.tsx';

/** Whether the applicant is a politically exposed person (with a tip saying who is one), and if so the position. */
export function PepFields({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const { values, control } = form;
  return (
    <>
      <div className="application-form__pep">
        <YesNoQuestion label={t('politicalyExposedPerson.label')} isRequired {...control('politicalyExposedPerson')} />
        <InfoTip label={t('politicalyExposedPerson.tipLabel')}>
          <p>{t('politicalyExposedPerson.tip')}</p>
        </InfoTip>
      </div>
      {values.politicalyExposedPerson === true ? (
        <div className="application-form__follow-up">
          <TextField
            label={t('politicalPosition.label')}
            isRequired
            maxLength={200}
            {...control('politicalPosition')}
          />
        </div>
      ) : null}
    </>
  );
}
