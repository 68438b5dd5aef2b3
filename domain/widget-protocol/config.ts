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

/** Settles any options into a configuration: a value that is not one of the known ones gets the default. */
export function widgetConfig(options: WidgetOptions): WidgetConfig {
  const purpose = options.purpose;
  return {
    lang: options.lang === 'ru' ? 'ru' : 'lv',
    amount: wholeNumber(options.amount, DEFAULT_AMOUNT),
    term: wholeNumber(options.term, DEFAULT_TERM),
    purpose:
      purpose !== undefined && (LOAN_PURPOSES as readonly string[]).includes(purpose) ? (purpose as LoanPurpose) : null,
    cta: options.cta === 'site' ? 'site' : 'widget',
    mode: options.mode === 'applyOnly' ? 'applyOnly' : 'full',
  };
}
