import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../domain/language.ts';

/** One i18next instance per render (server) or per page (browser); never the shared global. */
export function createI18n(lang: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources,
    defaultNS: 'common',
    ns: Object.keys(resources[lang] ?? {}),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
