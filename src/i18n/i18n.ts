import i18next, { type BackendModule, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../domain/language.ts';

export interface I18nOptions {
  /** loads a namespace the resources do not carry, when a component first asks for it */
  readonly backend?: BackendModule;
  /** namespaces to look in when a key is not in the component's own */
  readonly fallbackNS?: readonly string[];
}

/** One i18next instance per render (server) or per page (browser); never the shared global. */
export function createI18n(lang: Language, resources: Resource, options: I18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  if (options.backend) instance.use(options.backend);
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources,
    // with a backend, the namespaces given here are complete and the others load on demand
    partialBundledLanguages: options.backend !== undefined,
    defaultNS: 'common',
    ns: Object.keys(resources[lang] ?? {}),
    fallbackNS: options.fallbackNS ? [...options.fallbackNS] : false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
