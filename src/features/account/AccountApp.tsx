import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountAnswer, EraseAnswer } from '../../../domain/account-api.ts';
import { intlLocale } from '../../../domain/language.ts';
import { createAccountClient, type AccountClient } from '../../api/account-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import './account.css';
import { AccountClientContext } from './account-context.ts';
import { AccountOverview } from './AccountOverview.tsx';
import { errorMessage } from './error-message.ts';
import { LoginChoices } from './LoginChoices.tsx';
import { useFocusOnChange } from './use-focus-on-change.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'login'; notice: string | null }
  | { kind: 'account'; account: AccountAnswer }
  | { kind: 'failed'; message: string };

/** The account page's island: login when there is no session, the account when there is. */
export function AccountApp({ client: given }: { client?: AccountClient }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const client = useMemo(() => given ?? createAccountClient(lang), [given, lang]);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const focus = useFocusOnChange<HTMLDivElement>(view.kind);

  const load = useCallback(
    async (notice: string | null = null) => {
      try {
        if (!(await client.loggedIn())) {
          setView({ kind: 'login', notice });
          return;
        }
        setView({ kind: 'account', account: await client.account() });
      } catch (failure) {
        const unauthorized = (failure as { status?: number | null }).status === 401;
        setView(
          unauthorized
            ? { kind: 'login', notice }
            : { kind: 'failed', message: errorMessage(failure, t, t('errors.load')) },
        );
      }
    },
    [client, t],
  );

  useEffect(() => {
    // back from the bank or eParaksts: ?login=failed says it did not work; the address is cleaned at once
    const url = new URL(window.location.href);
    const failed = url.searchParams.get('login') === 'failed';
    if (url.searchParams.has('login')) {
      url.searchParams.delete('login');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    // after hydration, so the first render matches the prerendered HTML
    void Promise.resolve(failed ? t('login.failed') : null).then(load);
  }, [load, t]);

  // which lenders will be told, in the words the person reads after the erasure (GDPR Art. 19)
  const erasedNotice = (answer: EraseAnswer): string => {
    const erased = t('myData.erased', { withdrawn: answer.withdrawnApplications });
    const names = answer.lendersToBeTold.map((lender) => lender.lender);
    if (names.length === 0) return erased;
    const lenders = new Intl.ListFormat(intlLocale[lang], { type: 'conjunction' }).format(names);
    return `${erased} ${t('myData.lendersTold', { count: names.length, lenders })}`;
  };

  const logout = async (everywhere: boolean) => {
    try {
      await client.logout(everywhere);
    } catch {
      // a session already gone is logged out all the same
    }
    setView({ kind: 'login', notice: t(everywhere ? 'login.loggedOutEverywhere' : 'login.loggedOut') });
  };

  return (
    <AccountClientContext.Provider value={client}>
      <div ref={focus} tabIndex={-1} className="account-app">
        {view.kind === 'loading' ? <Spinner /> : null}
        {view.kind === 'failed' ? <Alert>{view.message}</Alert> : null}
        {view.kind === 'login' ? (
          <>
            <p className="account-page__intro">{t('intro')}</p>
            <LoginChoices notice={view.notice} onLoggedIn={() => void load()} />
          </>
        ) : null}
        {view.kind === 'account' ? (
          <AccountOverview
            account={view.account}
            onReload={() => void load()}
            onLogout={(everywhere) => void logout(everywhere)}
            onErased={(answer) => setView({ kind: 'login', notice: erasedNotice(answer) })}
          />
        ) : null}
      </div>
    </AccountClientContext.Provider>
  );
}
