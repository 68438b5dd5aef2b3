import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/**
 * The end of the form: what went wrong with a submission (fields to check, the server's messages
 * no field stands beside, a failed sending), the submit button with its status, and the note that
 * the service is free.
 */
export function SubmitArea({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  return (
    <>
      {form.failed ? (
        <Alert>
          <p>{t('checkFields')}</p>
          {form.unplacedServerErrors.length > 0 ? (
            <ul>
              {form.unplacedServerErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
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
