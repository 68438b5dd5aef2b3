import { StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isLanguage, type Language } from '../../domain/language.ts';

/** The page's language, from its <html lang>. */
export const pageLanguage = (): Language => {
  const htmlLang = document.documentElement.lang;
  return isLanguage(htmlLang) ? htmlLang : 'lv';
};

/** Hydrates one prerendered island with the props it was rendered with (src/entries/Island.tsx). */
export function hydrateIsland(root: HTMLElement, Component: ComponentType<Record<string, unknown>>, i18n: I18n): void {
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
