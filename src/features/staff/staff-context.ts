import { createContext, useContext } from 'react';
import type { StaffClient } from '../../api/staff-client.ts';

/** The staff page's client, given once by StaffApp. */
export const StaffClientContext = createContext<StaffClient | null>(null);

export function useStaffClient(): StaffClient {
  const client = useContext(StaffClientContext);
  if (!client) throw new Error('StaffClientContext is not provided');
  return client;
}

/** The server's words for a refusal, else the page's own. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
