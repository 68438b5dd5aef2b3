import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountAnswer } from '../../../domain/account-api.ts';
import { createAccountClient, type AccountClient } from '../../api/account-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import './account.css';
import { AccountContext, type AccountContextValue } from './account-context.ts';
import { AccountOverview } from './AccountOverview.tsx';
import { errorMessage, isUnauthorized } from './error-message.ts';
import { LoginChoices } from './LoginChoices.tsx';

type View =
  | { kind: 'loading' }
  | { kind: 'login'; notice: string | null; error: string | null }
  /** loadedAt: when the answer came, to tell the idle timeout from sessionExpiresAt */
  | { kind: 'account'; account: AccountAnswer; loadedAt: number }
  | { kind: 'failed'; message: string };

/**
 * The account page's island: the login choices when there is no session, the account when there is.
 * After a step the person took (logged in, out, erased, the session ended) focus goes to the new
 * view's heading; the first view after the page loads leaves focus where it is.
 */
const leaveFor = (url: string) => window.location.assign(url);

export function AccountApp({
  client: given,
  navigate = leaveFor,
}: {
  client?: AccountClient;
  /** how the page leaves for a provider or the wizard; tests pass their own */
  navigate?: (url: string) => void;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const client = useMemo(() => given ?? createAccountClient(lang), [given, lang]);
  const [view, setView] = useState<View>({ kind: 'loading' });
  // counts the person's steps: a view shown after one of them takes the focus
  const [step, setStep] = useState(0);

  const load = useCallback(async () => {
    try {
      const account = await client.account();
      setView({ kind: 'account', account, loadedAt: Date.now() });
    } catch (failure) {
      setView(
        isUnauthorized(failure)
          ? { kind: 'login', notice: null, error: null }
          : { kind: 'failed', message: errorMessage(failure, t, t('errors.load')) },
      );
    }
  }, [client, t]);

  useEffect(() => {
    // back from the bank or eParaksts: ?login=failed says it did not work; the address is cleaned at once
    const url = new URL(window.location.href);
    const failed = url.searchParams.get('login') === 'failed';
    if (url.searchParams.has('login')) {
      url.searchParams.delete('login');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    let current = true;
    // after hydration, so the first render matches the prerendered HTML
    void Promise.resolve().then(async () => {
      if (!current) return;
      await load();
      if (failed && current) {
        setView((shown) => (shown.kind === 'login' ? { ...shown, error: t('login.failed') } : shown));
      }
    });
    return () => {
      current = false;
    };
  }, [load, t]);

  const afterStep = useCallback((next: View) => {
    setStep((count) => count + 1);
    setView(next);
  }, []);

  const context = useMemo<AccountContextValue>(
    () => ({
      client,
      navigate,
      sessionEnded: () => afterStep({ kind: 'login', notice: t('login.sessionEnded'), error: null }),
    }),
    [client, navigate, afterStep, t],
  );

  const logout = async (everywhere: boolean) => {
    try {
      await client.logout(everywhere);
    } catch {
      // a session already gone is logged out all the same
    }
    afterStep({
      kind: 'login',
      notice: t(everywhere ? 'login.loggedOutEverywhere' : 'login.loggedOut'),
      error: null,
    });
  };

  const loggedIn = async () => {
    setStep((count) => count + 1);
    await load();
  };

  return (
    <AccountContext.Provider value={context}>
      <div className="account-app">
        {view.kind === 'loading' ? (
          <p className="account-loading" role="status">
            <Spinner />
            {t('loading')}
          </p>
        ) : null}
        {view.kind === 'failed' ? (
          <>
            <Alert>{view.message}</Alert>
            <Button
              variant="secondary"
              onPress={() => {
                setView({ kind: 'loading' });
                void load();
              }}
            >
              {t('errors.retry')}
            </Button>
          </>
        ) : null}
        {view.kind === 'login' ? (
          <LoginChoices
            key={step}
            notice={view.notice}
            initialError={view.error}
            focusHeading={step > 0}
            onLoggedIn={() => void loggedIn()}
          />
        ) : null}
        {view.kind === 'account' ? (
          <AccountOverview
            key={step}
            account={view.account}
            loadedAt={view.loadedAt}
            focusHeading={step > 0}
            onReload={() => void load()}
            onLogout={(everywhere) => void logout(everywhere)}
            onErased={(withdrawn) =>
              afterStep({ kind: 'login', notice: t('myData.erased', { withdrawn }), error: null })
            }
          />
        ) : null}
      </div>
    </AccountContext.Provider>
  );
}
