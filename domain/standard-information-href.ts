import { getAccountStandardInformation } from './contract/account.ts';
import { getStandardInformation } from './contract/applications.ts';
import type { Language } from './language.ts';

/** Where an offer's standard information opens: the application's token names whose offer it is. */
export const standardInformationHref = (
  token: string,
  offerId: string,
  lang: Language,
  format: 'html' | 'pdf',
): string => `${getStandardInformation.path}?${new URLSearchParams({ token, offerId, lang, format }).toString()}`;

/** The same from the account: the session says whose it is, the path which application. */
export const accountStandardInformationHref = (
  applicationId: string,
  offerId: string,
  lang: Language,
  format: 'html' | 'pdf',
): string =>
  `${getAccountStandardInformation.path.replace(':id', encodeURIComponent(applicationId))}?${new URLSearchParams({ offerId, lang, format }).toString()}`;
