import type { Language } from '../../../../domain/language.ts';

/**
 * The terms and the privacy policy the consent links to, in each language: the page registry's
 * paths, copied so the first step does not load the whole registry (a test keeps them equal).
 */
export const LEGAL_PAGES = {
  lv: { terms: '/noteikumi', privacy: '/konfidencialitates-politika' },
  ru: { terms: '/ru/pravila', privacy: '/ru/politika-privatnosti' },
} as const satisfies Record<Language, { readonly terms: string; readonly privacy: string }>;
