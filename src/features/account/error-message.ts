import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../api/account-client.ts';

/** The server's own words when it gave them; ours when it could not be reached or answered oddly. */
export function errorMessage(error: unknown, t: TFunction<'account'>, fallback: string): string {
  if (error instanceof ApiRequestError && error.status !== null && error.code !== 'http' && error.message) {
    return error.message;
  }
  if (error instanceof ApiRequestError && error.code === 'network') return t('errors.network');
  return fallback;
}

/** The session is gone (idle timeout, logged out on another device): the person must log in again. */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 401;
