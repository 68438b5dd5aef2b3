import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountClient, type AccountClient } from '../../api/account-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import './account.css';
import { errorMessage } from './error-message.ts';
import { useFocusOnChange } from './use-focus-on-change.ts';

/**
 * The page an e-mail's unsubscribe link opens. The code comes in the fragment (never sent to a server
 * or kept in a log) and leaves the address at once; the person confirms with one button.
 */
export function Unsubscribe({ client: given, accountPath }: { client?: AccountClient; accountPath: string }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const client = useMemo(() => given ?? createAccountClient(lang), [given, lang]);
  // undefined until the page is in the browser: the prerendered page knows no code
  const [code, setCode] = useState<string | null | undefined>(undefined);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useFocusOnChange<HTMLParagraphElement>(done);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('code');
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
    // after hydration, so the first render matches the prerendered HTML
    void Promise.resolve(found).then(setCode);
  }, []);

  const unsubscribe = async () => {
    if (!code) return;
    setBusy(true);
    setError(null);
    try {
      await client.unsubscribe(code);
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, t, t('errors.network')));
    }
    setBusy(false);
  };

  if (code === undefined) return null;
  if (done) {
    return (
      <p role="status" ref={status} tabIndex={-1} className="alert alert--success">
        {t('unsubscribe.done')} <a href={accountPath}>{t('toAccount')}</a>
      </p>
    );
  }
  if (!code) {
    return (
      <p>
        {t('unsubscribe.noCode')} <a href={accountPath}>{t('toAccount')}</a>
      </p>
    );
  }
  return (
    <div className="account-form">
      {error ? <Alert>{error}</Alert> : null}
      <p>{t('unsubscribe.intro')}</p>
      <Button isDisabled={busy} onPress={() => void unsubscribe()}>
        {t('unsubscribe.button')}
      </Button>
    </div>
  );
}
