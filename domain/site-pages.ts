import { ACCOUNT_PATHS } from './account-paths.ts';
import type { Language } from './language.ts';
import { company } from './company.ts';
import type { ProductKey } from './loan-options.ts';

/** What a page shows; the renderer picks its component from this. */
export type PageKind =
  | { type: 'home'; variant?: 'v1' | 'v2' }
  | { type: 'product'; product: ProductKey }
  | { type: 'faq' }
  | { type: 'legal'; fragment: LegalFragment }
  | { type: 'tips' }
  | { type: 'article'; article: ArticleKey }
  | { type: 'publishers' }
  | { type: 'intermediary' }
  | { type: 'accessibility' }
  | { type: 'account' }
  | { type: 'smsOptOut' }
  | { type: 'linkInvalid' }
  | { type: 'otherBrowser' }
  | { type: 'unsubscribe' }
  | { type: 'notFound' };

/** The tips section's articles (spec section 2); their words live in locales/{lang}/tips.json. */
export const ARTICLE_KEYS = [
  'leasingVsLoan',
  'moneyScams',
  'renovationBorrowOrSave',
  'consumerLoanConsiderations',
  'weddingSavings',
] as const;
export type ArticleKey = (typeof ARTICLE_KEYS)[number];

export type LegalFragment = 'privacy' | 'terms' | 'cookies' | 'legal-basis';
export type Robots = 'index, follow' | 'noindex, follow' | 'noindex, nofollow';

export interface PageEntry {
  /** key of the page's title and description in locales/{lang}/meta.json (articles: tips.json) */
  readonly id: string;
  readonly kind: PageKind;
  readonly paths: Readonly<Record<Language, string>>;
  /** further Russian paths that show the same page and declare the main one canonical */
  readonly aliases?: readonly string[];
  readonly ogType: 'website' | 'article';
  readonly robots: Robots;
  /** the Russian version is not a twin of the Latvian one: no hreflang alternates on either */
  readonly alternateRuDisabled?: boolean;
}

const page = (
  id: string,
  kind: PageKind,
  lv: string,
  ru: string,
  extra: Partial<Omit<PageEntry, 'id' | 'kind' | 'paths'>> = {},
): PageEntry => ({ id, kind, paths: { lv, ru }, ogType: 'website', robots: 'index, follow', ...extra });

const article = (key: ArticleKey, lv: string, ru: string, alternateRuDisabled: boolean): PageEntry =>
  page(key, { type: 'article', article: key }, `/padomi/${lv}`, `/ru/sovety/${ru}`, {
    ogType: 'article',
    alternateRuDisabled,
  });

/** Every page of the public site (spec section 2). Routes, prerendering, sitemap and robots come from here. */
export const PAGES: readonly PageEntry[] = [
  page('home', { type: 'home' }, '/', '/ru'),
  page('homeV1', { type: 'home', variant: 'v1' }, '/v1', '/ru/v1', { robots: 'noindex, follow' }),
  page('homeV2', { type: 'home', variant: 'v2' }, '/v2', '/ru/v2', { robots: 'noindex, follow' }),
  page('notFound', { type: 'notFound' }, '/404', '/ru/404', { robots: 'noindex, follow' }),
  page('consumer', { type: 'product', product: 'consumer' }, '/paterina-kredits', '/ru/potrebitelskij-kredit'),
  page('car', { type: 'product', product: 'car' }, '/auto-kredits', '/ru/avtokredit'),
  page('refinancing', { type: 'product', product: 'refinancing' }, '/kreditu-apvienosana', '/ru/objedinenije-kreditov'),
  page('renovation', { type: 'product', product: 'renovation' }, '/kredits-remontam', '/ru/kredit-na-remont'),
  page('faq', { type: 'faq' }, '/buj', '/ru/casto-zadavaemije-voprosi', { ogType: 'article', aliases: ['/ru/faq'] }),
  page(
    'legalBasis',
    { type: 'legal', fragment: 'legal-basis' },
    '/darbibas-juridiskais-pamats',
    '/ru/darbibas-juridiskais-pamats',
    { robots: 'noindex, nofollow' },
  ),
  page('privacy', { type: 'legal', fragment: 'privacy' }, '/konfidencialitates-politika', '/ru/politika-privatnosti'),
  page('terms', { type: 'legal', fragment: 'terms' }, '/noteikumi', '/ru/pravila'),
  page('cookies', { type: 'legal', fragment: 'cookies' }, '/sikdatnu-politika', '/ru/politika-cookies'),
  page('tips', { type: 'tips' }, '/padomi', '/ru/sovety', { ogType: 'article' }),
  article('leasingVsLoan', 'lizings-vai-auto-kredits', 'lizing-ili-avtokredit', false),
  article('moneyScams', 'popularakie-krapnieku-triki', 'populyarnye-vidy-moshennichestva', true),
  article('renovationBorrowOrSave', 'remonts-aiznemties-vai-krat', 'remont-vzyat-kredit-ili-kopit', true),
  article(
    'consumerLoanConsiderations',
    'ko-nemt-vera-nemot-paterina-kreditu',
    'chto-uchest-pri-vzyatii-potrebitelskogo-kredita',
    true,
  ),
  article('weddingSavings', 'ka-ietaupit-planojot-kazas', 'kak-sekonomit-na-svadbe', true),
  page('publishers', { type: 'publishers' }, '/partneriem', '/ru/partneram'),
  // who we are as a credit intermediary (Directive 2023/2225) and the accessibility statement
  page('intermediary', { type: 'intermediary' }, '/kredita-starpnieks', '/ru/kreditnyj-posrednik'),
  page('accessibility', { type: 'accessibility' }, '/pieejamiba', '/ru/dostupnost'),
  // coming back: the personal account and the pages our messages link to; nothing here is for search engines
  page('account', { type: 'account' }, ACCOUNT_PATHS.lv, ACCOUNT_PATHS.ru, { robots: 'noindex, nofollow' }),
  page('smsOptOut', { type: 'smsOptOut' }, '/sms-atteikums', '/ru/otkaz-ot-sms', { robots: 'noindex, nofollow' }),
  page('linkInvalid', { type: 'linkInvalid' }, '/saite-nederiga', '/ru/ssylka-nedeystvitelna', {
    robots: 'noindex, nofollow',
  }),
  // a bank's, eParaksts' or Smart-ID's return that reached a browser other than the one that began it
  page('otherBrowser', { type: 'otherBrowser' }, '/cits-parluks', '/ru/drugoj-brauzer', {
    robots: 'noindex, nofollow',
  }),
  page('unsubscribe', { type: 'unsubscribe' }, '/e-pasta-atteikums', '/ru/otpiska', { robots: 'noindex, nofollow' }),
];

export interface ResolvedPage {
  readonly entry: PageEntry;
  readonly lang: Language;
  /** the path that was asked for (an alias keeps its own path) */
  readonly path: string;
}

const byPath = new Map<string, ResolvedPage>();
for (const entry of PAGES) {
  byPath.set(entry.paths.lv, { entry, lang: 'lv', path: entry.paths.lv });
  byPath.set(entry.paths.ru, { entry, lang: 'ru', path: entry.paths.ru });
  for (const alias of entry.aliases ?? []) byPath.set(alias, { entry, lang: 'ru', path: alias });
}

/** Trailing slashes are ignored: /ru/ is /ru. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function resolvePage(path: string): ResolvedPage | undefined {
  return byPath.get(normalizePath(path));
}

/** Every path that answers 200, aliases included. */
export const allPagePaths = (): string[] => [...byPath.keys()];

/** The language of any path, known or not: the not-found page answers in it. */
export const languageOfPath = (path: string): Language => (/^\/ru(\/|$)/.test(path) ? 'ru' : 'lv');

export const notFoundEntry = PAGES.find((entry) => entry.kind.type === 'notFound') as PageEntry;

/** Slug maps of spec section 2, derived from the registry so they can never disagree with it. */
const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const slugPairs = PAGES.filter((entry) => entry.paths.lv !== '/' && !/^\/(v1|v2|404)$/.test(entry.paths.lv)).map(
  (entry) => [lastSegment(entry.paths.ru), lastSegment(entry.paths.lv)] as const,
);
export const ruToLvSlug: Readonly<Record<string, string>> = Object.fromEntries(slugPairs);
export const lvToRuSlug: Readonly<Record<string, string>> = Object.fromEntries(slugPairs.map(([ru, lv]) => [lv, ru]));

/** The same page in the other language (the language switch), or that language's home page. */
export function switchLanguagePath(path: string, to: Language): string {
  const resolved = resolvePage(path);
  if (resolved) return resolved.entry.paths[to];
  return to === 'ru' ? '/ru' : '/';
}

export const absoluteUrl = (path: string, origin: string = company.siteOrigin): string =>
  new URL(path, origin).toString();

/** The path of a registered page in a language; throws on an unknown id so a typo fails the build. */
export function pagePath(id: string, lang: Language): string {
  const entry = PAGES.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`unknown page ${id}`);
  return entry.paths[lang];
}
