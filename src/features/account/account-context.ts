import { createContext, useContext } from 'react';
import type { AccountClient } from '../../api/account-client.ts';

/** The account's API client: the page's own, or a test's. */
export const AccountClientContext = createContext<AccountClient | null>(null);

export function useAccountClient(): AccountClient {
  const client = useContext(AccountClientContext);
  if (!client) throw new Error('useAccountClient outside an AccountClientContext');
  return client;
}
