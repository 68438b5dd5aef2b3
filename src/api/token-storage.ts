import { isTokenShaped } from '../../domain/token.ts';

/**
 * The browser's hold on an application (spec: persistent storage `token`, and `ssn` beside it): the one
 * module that names those keys. The site, the widget frame and the storage rules all go through it.
 */
const TOKEN_KEY = 'token';
const PERSONAL_CODE_KEY = 'ssn';

/** The saved token, when what is saved can be one. */
export function savedToken(storage: Pick<Storage, 'getItem'>): string | null {
  const saved = storage.getItem(TOKEN_KEY);
  return isTokenShaped(saved) ? saved : null;
}

export function saveToken(storage: Pick<Storage, 'setItem'>, token: string): void {
  storage.setItem(TOKEN_KEY, token);
}

/** Forgets the application: its token and the personal code kept beside it. */
export function forgetApplication(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(PERSONAL_CODE_KEY);
}
