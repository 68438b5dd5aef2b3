import type { Language } from './language.ts';

/** The personal account "Mans profils" in each language: the site's page registry and the wizard's links share it. */
export const ACCOUNT_PATHS: Readonly<Record<Language, string>> = { lv: '/profils', ru: '/ru/profil' };
