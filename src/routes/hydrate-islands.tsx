import { StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { Resource } from 'i18next';
import { isLanguage, type Language } from '../domain/language.ts';
import { createI18n } from './i18n.ts';
import { islandComponents, type IslandName } from './Island.tsx';

/** The namespaces islands read; only these travel to the browser. */
const islandNamespaces = ['common', 'calculator'] as const;
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{common,calculator}.json');

async function loadResources(lang: Language): Promise<Resource> {
  const entries = await Promise.all(
    islandNamespaces.map(async (ns) => {
      const load = localeFiles[`../../locales/${lang}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return { [lang]: Object.fromEntries(entries) };
}

export async function hydrateIslands(roots: readonly HTMLElement[]): Promise<void> {
  const htmlLang = document.documentElement.lang;
  const lang: Language = isLanguage(htmlLang) ? htmlLang : 'lv';
  const i18n = createI18n(lang, await loadResources(lang));
  for (const root of roots) {
    const name = root.dataset.island as IslandName;
    const Component = islandComponents[name] as unknown as ComponentType<Record<string, unknown>> | undefined;
    if (!Component) continue;
    const props = JSON.parse(root.dataset.props ?? '{}') as Record<string, unknown>;
    hydrateRoot(
      root,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <Component {...props} />
        </I18nextProvider>
      </StrictMode>,
    );
  }
}
