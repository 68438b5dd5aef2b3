import { useTranslation } from 'react-i18next';

/** What the workflow's page shows before its script has started. */
export function WorkflowShell() {
  const { t } = useTranslation();
  return (
    <div id="workflow-root" className="workflow-root">
      <div className="workflow container">
        <p className="workflow__loading" role="status">
          {t('workflowShell.loading')}
        </p>
        <noscript>
          <p>{t('workflowShell.noscript')}</p>
        </noscript>
      </div>
    </div>
  );
}
