import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../domain/language.ts';

/** The page's language: the one its words are rendered in. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'lv';
}
