import type { ComponentType } from 'react';
import type { Language } from '../../domain/language.ts';
import { keepWithinContentSecurityPolicy } from '../features/application/content-security.ts';
import { AccountApp, SmsOptOut, Unsubscribe } from '../features/account/index.ts';
import { createI18n } from '../i18n/i18n.ts';
import { loadLocaleResources } from '../i18n/locale-resources.ts';
import { hydrateIsland, pageLanguage } from './hydrate-island.tsx';

/**
 * The script of the account's pages (Mans profils, SMS opt-out, e-mail unsubscribe), beside the
 * site's. Built with the widgets (vite.config.ts): its react-aria controls and zod schemas never
 * reshape the site's chunks or the wizard's first step.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{common,account,validation}.json',
);

const ISLANDS: Readonly<Record<string, ComponentType<Record<string, unknown>>>> = {
  account: AccountApp as unknown as ComponentType<Record<string, unknown>>,
  smsOptOut: SmsOptOut as unknown as ComponentType<Record<string, unknown>>,
  unsubscribe: Unsubscribe as unknown as ComponentType<Record<string, unknown>>,
};

async function start(roots: readonly HTMLElement[]): Promise<void> {
  keepWithinContentSecurityPolicy();
  const lang: Language = pageLanguage();
  const i18n = createI18n(lang, await loadLocaleResources(localeFiles, lang, ['common', 'account', 'validation']));
  for (const root of roots) {
    const Component = ISLANDS[root.dataset.island ?? ''];
    if (Component) hydrateIsland(root, Component, i18n);
  }
}

const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter(
  (root) => (root.dataset.island ?? '') in ISLANDS,
);
if (roots.length > 0) void start(roots);
