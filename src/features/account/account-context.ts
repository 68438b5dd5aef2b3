import { createContext, useContext } from 'react';
import type { AccountClient } from '../../api/account-client.ts';

export interface AccountContextValue {
  /** the account's API client: the page's own, or a test's */
  readonly client: AccountClient;
  /** a request answered 401: the session ended (idle, or logged out elsewhere); back to the login */
  readonly sessionEnded: () => void;
  /** leaves the page for a provider's login or the wizard (a test's fake in tests) */
  readonly navigate: (url: string) => void;
}

export const AccountContext = createContext<AccountContextValue | null>(null);

function useAccountContext(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('the account components need an AccountContext');
  return value;
}

export const useAccountClient = (): AccountClient => useAccountContext().client;
export const useSessionEnded = (): (() => void) => useAccountContext().sessionEnded;
export const useNavigate = (): ((url: string) => void) => useAccountContext().navigate;
