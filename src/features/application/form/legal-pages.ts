import type { Language } from '../../../../domain/language.ts';

/**
 * The terms and the privacy policy the consent links to, and who we are as an intermediary, in each language: the page registry's
 * paths, copied so the first step does not load the whole registry (a test keeps them equal).
 */
export const LEGAL_PAGES = {
  lv: { terms: '/noteikumi', privacy: '/konfidencialitates-politika', intermediary: '/kredita-starpnieks' },
  ru: { terms: '/ru/pravila', privacy: '/ru/politika-privatnosti', intermediary: '/ru/kreditnyj-posrednik' },
} as const satisfies Record<
  Language,
  { readonly terms: string; readonly privacy: string; readonly intermediary: string }
>;
