import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { useWorkflow } from './workflow-context.tsx';

/** One sentence on why the person is at the start when their address asked for a later step. */
export function StartNotice() {
  const { t } = useTranslation('workflow');
  const notice = useWorkflow((snapshot) => snapshot.context.startNotice);
  if (notice === null) return null;
  return (
    <Alert tone="info">
      <p>{t(`startNotice.${notice}`)}</p>
    </Alert>
  );
}
