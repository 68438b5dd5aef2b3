import type { Language } from '../language.ts';
import { DEFAULT_AMOUNT, DEFAULT_TERM } from '../loan-options.ts';
import { LOAN_PURPOSES, type LoanPurpose } from '../loan-purposes.ts';

/**
 * The widgets' options without their validators: names, address parameters and defaults. The
 * calculator's page settles its configuration from here without loading zod; everything a
 * publisher passes has been validated by the host script (options.ts) before it got here, and
 * every value is settled again below, whatever an address holds.
 */

/** The widgets a publisher can place: `data-loan-widget="calculator"` or `"application"`. */
export const WIDGET_KINDS = ['calculator', 'application'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const isWidgetKind = (value: unknown): value is WidgetKind =>
  typeof value === 'string' && (WIDGET_KINDS as readonly string[]).includes(value);

/** Where the calculator's call to action opens the application: in the widget itself, or on the site in a new tab. */
export const CTA_TARGETS = ['widget', 'site'] as const;
/** `applyOnly`: no rate, payment or cost figure anywhere in the widget (publishers who may not show credit figures). */
export const WIDGET_MODES = ['full', 'applyOnly'] as const;
/** `inherit`: the host script reads the text colour, the accent and the font of the widget's element on the host page. */
export const WIDGET_THEMES = ['default', 'inherit'] as const;

/** `#rgb` or `#rrggbb`: nothing else can reach a style sheet through a colour option. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FONT_FAMILY = `(?:-?[A-Za-z][A-Za-z0-9 -]{0,40}|"[A-Za-z0-9 -]{1,40}"|'[A-Za-z0-9 -]{1,40}')`;
/**
 * A font-family list as CSS writes it (`"Helvetica Neue", Arial, sans-serif`): up to ten names of
 * letters, digits, spaces and hyphens, quoted or not. No other character (no `;`, `(`, backslash, `/`)
 * gets through, so the value can be nothing but a list of font names.
 */
export const FONT_STACK = new RegExp(`^${FONT_FAMILY}(?:, ?${FONT_FAMILY}){0,9}$`);

/**
 * Every option a publisher may set, with its name in the iframe's address: tracking keeps the
 * spec's session-storage names (utm_source, click_ID). As `data-*` attributes they are the
 * kebab-case of these names (`data-publisher-id`).
 */
export const OPTION_PARAMS = {
  lang: 'lang',
  amount: 'amount',
  term: 'term',
  purpose: 'purpose',
  publisherId: 'publisherId',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  utmTerm: 'utm_term',
  clickId: 'click_ID',
  cta: 'cta',
  mode: 'mode',
  theme: 'theme',
  textColor: 'textColor',
  accentColor: 'accentColor',
  font: 'font',
  testMode: 'testMode',
} as const;
export type WidgetOptionName = keyof typeof OPTION_PARAMS;
export const WIDGET_OPTION_NAMES = Object.keys(OPTION_PARAMS) as WidgetOptionName[];

/** The tracking options, which the host page's own address may also supply (its utm_* and click_ID). */
export const TRACKING_OPTION_NAMES = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'clickId',
] as const satisfies readonly WidgetOptionName[];

/** Options as strings, by name. */
export type WidgetOptions = Partial<Record<WidgetOptionName, string>>;

/** A widget's settled configuration, defaults filled in. */
export interface WidgetConfig {
  readonly lang: Language;
  readonly amount: number;
  readonly term: number;
  readonly purpose: LoanPurpose | null;
  readonly cta: (typeof CTA_TARGETS)[number];
  readonly mode: (typeof WIDGET_MODES)[number];
  /** the publisher's colours and font, or the host page's (`theme: inherit`); null: the widget's own */
  readonly textColor: string | null;
  readonly accentColor: string | null;
  readonly font: string | null;
  /** against the sandbox: marked in the widget and the API, no real lender, no publisher's report */
  readonly testMode: boolean;
}

/** The options as the iframe's query string. */
export function optionsToQuery(options: WidgetOptions): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of WIDGET_OPTION_NAMES) {
    const value = options[name];
    if (value !== undefined) query.set(OPTION_PARAMS[name], value);
  }
  return query;
}

/** The options in an address, as they stand. */
export function optionsInQuery(query: URLSearchParams): WidgetOptions {
  const options: WidgetOptions = {};
  for (const name of WIDGET_OPTION_NAMES) {
    const value = query.get(OPTION_PARAMS[name]);
    if (value !== null) options[name] = value;
  }
  return options;
}

const wholeNumber = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return value !== undefined && /^\d{1,6}$/.test(value) && Number.isSafeInteger(number) ? number : fallback;
};

const matching = (value: string | undefined, pattern: RegExp): string | null =>
  value !== undefined && pattern.test(value) ? value : null;

/** Settles any options into a configuration: a value that is not one of the known ones gets the default. */
export function widgetConfig(options: WidgetOptions): WidgetConfig {
  const purpose = options.purpose;
  const testMode = options.testMode === 'true';
  return {
    lang: options.lang === 'ru' ? 'ru' : 'lv',
    amount: wholeNumber(options.amount, DEFAULT_AMOUNT),
    term: wholeNumber(options.term, DEFAULT_TERM),
    purpose:
      purpose !== undefined && (LOAN_PURPOSES as readonly string[]).includes(purpose) ? (purpose as LoanPurpose) : null,
    // a test application stays in the widget: the site's wizard knows no test mode
    cta: options.cta === 'site' && !testMode ? 'site' : 'widget',
    mode: options.mode === 'applyOnly' ? 'applyOnly' : 'full',
    textColor: matching(options.textColor, HEX_COLOUR),
    accentColor: matching(options.accentColor, HEX_COLOUR),
    font: matching(options.font, FONT_STACK),
    testMode,
  };
}
