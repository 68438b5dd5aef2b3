import type { Language } from './language.ts';

/** Where an offer's standard information opens: the application's token names whose offer it is. */
export const standardInformationHref = (
  token: string,
  offerId: string,
  lang: Language,
  format: 'html' | 'pdf',
): string =>
  `/api/applications/standardInformation?${new URLSearchParams({ token, offerId, lang, format }).toString()}`;
