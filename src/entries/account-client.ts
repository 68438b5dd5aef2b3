import type { ComponentType } from 'react';
import type { Language } from '../../domain/language.ts';
import { keepWithinContentSecurityPolicy } from '../features/application/content-security.ts';
import { createI18n } from '../i18n/i18n.ts';
import { loadLocaleResources } from '../i18n/locale-resources.ts';
import { hydrateIsland, pageLanguage } from './hydrate-island.tsx';

/**
 * The script of the account's pages (Mans profils, SMS opt-out, e-mail unsubscribe), beside the
 * site's. Built with the widgets (vite.config.ts): its react-aria controls and zod schemas never
 * reshape the site's chunks or the wizard's first step. The account's code is imported only after
 * zod is told not to compile with `new Function`: its schemas are built when their module loads,
 * and the page's Content Security Policy allows no eval.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{common,account,offers,validation,requests,consultant}.json',
);

const ISLAND_NAMES = new Set(['account', 'smsOptOut', 'unsubscribe']);

async function start(roots: readonly HTMLElement[]): Promise<void> {
  keepWithinContentSecurityPolicy();
  const lang: Language = pageLanguage();
  const [features, resources] = await Promise.all([
    import('../features/account/index.ts'),
    loadLocaleResources(localeFiles, lang, ['common', 'account', 'offers', 'validation', 'requests', 'consultant']),
  ]);
  const islands: Readonly<Record<string, ComponentType<Record<string, unknown>>>> = {
    account: features.AccountApp as unknown as ComponentType<Record<string, unknown>>,
    smsOptOut: features.SmsOptOut as unknown as ComponentType<Record<string, unknown>>,
    unsubscribe: features.Unsubscribe as unknown as ComponentType<Record<string, unknown>>,
  };
  const i18n = createI18n(lang, resources);
  for (const root of roots) {
    const Component = islands[root.dataset.island ?? ''];
    if (Component) hydrateIsland(root, Component, i18n);
  }
}

const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((root) =>
  ISLAND_NAMES.has(root.dataset.island ?? ''),
);
if (roots.length > 0) void start(roots);
