import type { ComponentType } from 'react';
import type { Language } from '../../domain/language.ts';
import { Calculator } from '../features/calculator/Calculator.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { loadLocaleResources } from '../i18n/locale-resources.ts';
import { hydrateIsland, pageLanguage } from './hydrate-island.tsx';

/**
 * The islands the site's own script hydrates (islands with a script of their own, OWN_SCRIPT_ISLANDS
 * of Island.tsx, are not among them), and the namespaces they read: only these travel.
 */
const islandComponents: Readonly<Record<string, ComponentType<Record<string, unknown>>>> = {
  calculator: Calculator as unknown as ComponentType<Record<string, unknown>>,
};
const islandNamespaces = ['common', 'calculator'] as const;
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{common,calculator}.json');

const loadResources = (lang: Language) => loadLocaleResources(localeFiles, lang, islandNamespaces);

export async function hydrateIslands(roots: readonly HTMLElement[]): Promise<void> {
  const lang = pageLanguage();
  const i18n = createI18n(lang, await loadResources(lang));
  for (const root of roots) {
    const Component = islandComponents[root.dataset.island ?? ''];
    if (Component) hydrateIsland(root, Component, i18n);
  }
}
