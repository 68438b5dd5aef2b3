import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../api/account-client.ts';

/** The server's own words when it gave them; ours when it could not be reached or answered oddly. */
export function errorMessage(error: unknown, t: TFunction<'account'>, fallback: string): string {
  if (error instanceof ApiRequestError && error.status !== null && error.message) return error.message;
  if (error instanceof ApiRequestError && error.code === 'network') return t('errors.network');
  return fallback;
}
