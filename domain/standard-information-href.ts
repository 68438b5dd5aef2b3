import { getStandardInformation } from './contract/applications.ts';
import type { Language } from './language.ts';

/** Where an offer's standard information opens: the application's token names whose offer it is. */
export const standardInformationHref = (
  token: string,
  offerId: string,
  lang: Language,
  format: 'html' | 'pdf',
): string => `${getStandardInformation.path}?${new URLSearchParams({ token, offerId, lang, format }).toString()}`;
