import { useTranslation } from 'react-i18next';
import { ACCOUNT_PATHS } from '../../../domain/account-paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useWorkflow } from './workflow-context.tsx';

/** One sentence on why the person is at the start when their address asked for a later step. */
export function StartNotice() {
  const { t } = useTranslation('workflow');
  const lang = useLanguage();
  const notice = useWorkflow((snapshot) => snapshot.context.startNotice);
  if (notice === null) return null;
  return (
    <Alert tone="info">
      <p>{t(`startNotice.${notice}`)}</p>
      {/* the application is in the account: the way back to it */}
      {notice === 'loggedOutEverywhere' ? (
        <p>
          <a href={ACCOUNT_PATHS[lang]}>{t('startNotice.toAccount')}</a>
        </p>
      ) : null}
    </Alert>
  );
}
