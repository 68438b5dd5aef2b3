import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/**
 * The end of the form: a sending that failed (the fields' errors are in the summary at the top),
 * the submit button with its status, and the note that the service is free.
 */
export function SubmitArea({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  return (
    <>
      {form.sendErrorText ? <Alert>{form.sendErrorText}</Alert> : null}
      <div className="application-form__submit">
        <Button type="submit" size="large" isPending={form.pending}>
          {t('submit')}
        </Button>
        <p className="application-form__status" role="status">
          {form.pending ? t('submitting') : ''}
        </p>
      </div>
      <p className="application-form__free">{t('free')}</p>
    </>
  );
}
