import { ogLocale, type Language } from '../../domain/language.ts';
import { absoluteUrl, type ResolvedPage } from '../../domain/site-pages.ts';

export interface AlternateLink {
  readonly hreflang: 'lv' | 'ru' | 'x-default';
  readonly href: string;
}

/** The page metadata entry of spec section 3, as rendered into every page's head. */
export interface PageMetadata {
  readonly ogType: 'website' | 'article';
  readonly title: string;
  readonly description: string;
  readonly path: string;
  readonly robots: string;
  readonly canonical: string;
  readonly alternate: readonly AlternateLink[];
  readonly alternateRuDisabled: boolean;
  readonly lang: Language;
  readonly ogLocale: string;
}

export function pageMetadata(resolved: ResolvedPage, title: string, description: string): PageMetadata {
  const { entry, lang } = resolved;
  const alternateRuDisabled = entry.alternateRuDisabled === true;
  const alternate: AlternateLink[] = alternateRuDisabled
    ? []
    : [
        { hreflang: 'lv', href: absoluteUrl(entry.paths.lv) },
        { hreflang: 'ru', href: absoluteUrl(entry.paths.ru) },
        { hreflang: 'x-default', href: absoluteUrl(entry.paths.lv) },
      ];
  return {
    ogType: entry.ogType,
    title,
    description,
    path: resolved.path,
    robots: entry.robots,
    canonical: absoluteUrl(entry.paths[lang]),
    alternate,
    alternateRuDisabled,
    lang,
    ogLocale: ogLocale[lang],
  };
}
