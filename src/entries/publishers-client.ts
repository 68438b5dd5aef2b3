import type { ComponentType } from 'react';
import type { Language } from '../../domain/language.ts';
import { keepWithinContentSecurityPolicy } from '../features/application/content-security.ts';
import { SnippetGenerator } from '../features/publishers/SnippetGenerator.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { loadLocaleResources } from '../i18n/locale-resources.ts';
import { hydrateIsland, pageLanguage } from './hydrate-island.tsx';

/**
 * The publishers page's own script, beside the site's: the snippet generator's island. Built with
 * the widgets (vite.config.ts), so its react-aria controls and zod rules never reshape the site's
 * chunks.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{common,publishers,form}.json',
);

const loadResources = (lang: Language) => loadLocaleResources(localeFiles, lang, ['common', 'publishers', 'form']);

async function start(root: HTMLElement): Promise<void> {
  keepWithinContentSecurityPolicy();
  const lang = pageLanguage();
  const i18n = createI18n(lang, await loadResources(lang));
  hydrateIsland(root, SnippetGenerator as unknown as ComponentType<Record<string, unknown>>, i18n);
}

const root = document.querySelector<HTMLElement>('[data-island="snippetGenerator"]');
if (root) void start(root);
