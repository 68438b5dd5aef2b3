import { useTranslation } from 'react-i18next';
import { ACCOUNT_PATHS } from '../../../../domain/account-paths.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { Button } from '../../../ui/Button.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { usePresentation } from '../presentation.tsx';
import { useSend } from '../workflow-context.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { homePath } from './shared.tsx';

/**
 * The ways on from the journey's last screens: the person's account, where the application stays, a new
 * calculation in the wizard itself, and on the site its home page. In a publisher's widget the account opens in
 * a new tab, since the site's pages refuse to be framed and the publisher's page must stay whole; the new
 * calculation stays in the widget.
 */
export function JourneyEndLink() {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const send = useSend();
  const { embedded } = usePresentation();
  const startOver = (
    <Button variant="secondary" onPress={() => send({ type: 'START_OVER' })}>
      {t('startOver')}
    </Button>
  );
  return embedded ? (
    <>
      <ActionLink variant="primary" href={ACCOUNT_PATHS[lang]} target="_blank" rel="noopener">
        {t('toAccount')}
        <span className="visually-hidden"> {t('newTab', { ns: 'common' })}</span>
      </ActionLink>
      {startOver}
    </>
  ) : (
    <>
      <ActionLink variant="primary" href={homePath(lang)}>
        {t('home')}
      </ActionLink>
      <ActionLink variant="secondary" href={ACCOUNT_PATHS[lang]}>
        {t('toAccount')}
      </ActionLink>
      {startOver}
    </>
  );
}
