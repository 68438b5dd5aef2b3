import { createContext, useContext } from 'react';
import { ApiRequestError } from '../../api/broker-client.ts';
import type { StaffClient } from '../../api/staff-client.ts';

/** The staff page's client, given once by StaffApp. */
export const StaffClientContext = createContext<StaffClient | null>(null);

export function useStaffClient(): StaffClient {
  const client = useContext(StaffClientContext);
  if (!client) throw new Error('StaffClientContext is not provided');
  return client;
}

/**
 * The server's words for a refusal (it answers in the member's language), else the page's own: the client's words
 * for a failure without an answer (no network, an odd answer) are not the member's language.
 */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiRequestError && error.status !== null && error.message ? error.message : fallback;
