import * as z from 'zod/mini';
import { LANGUAGES, type Language } from '../../src/domain/language.ts';
import { MAX_AMOUNT, MAX_TERM_MONTHS, MIN_AMOUNT, MIN_TERM_MONTHS } from '../../src/domain/loan-options.ts';
import { LOAN_PURPOSES, type LoanPurpose } from '../../src/domain/loan-purposes.ts';

/** The widgets a publisher can place: `data-loan-widget="calculator"` or `"application"`. */
export const WIDGET_KINDS = ['calculator', 'application'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const isWidgetKind = (value: unknown): value is WidgetKind =>
  typeof value === 'string' && (WIDGET_KINDS as readonly string[]).includes(value);

/** Where the calculator's call to action opens the application: in the widget itself, or on the site in a new tab. */
export const CTA_TARGETS = ['widget', 'site'] as const;
/** `applyOnly`: no rate, payment or cost figure anywhere in the widget (publishers who may not show credit figures). */
export const WIDGET_MODES = ['full', 'applyOnly'] as const;

export const DEFAULT_WIDGET_AMOUNT = 5000;
export const DEFAULT_WIDGET_TERM = 60;

const wholeNumberIn = (min: number, max: number) =>
  z.string().check(
    z.regex(/^\d{1,6}$/),
    z.refine((value) => Number(value) >= min && Number(value) <= max),
  );
const trackingText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[^\p{Cc}]*$/u));

interface OptionRule {
  readonly schema: z.ZodMiniType<string>;
  /** what a valid value looks like, for the console message */
  readonly expected: string;
  /** the name of the value in the iframe's address; tracking keeps the spec's session-storage names */
  readonly param: string;
}

/**
 * Every option a publisher may set, as `data-*` attribute (camelCased by the DOM: `data-publisher-id`
 * → `publisherId`) or as a key of the JavaScript API's options. Values are strings or numbers.
 */
export const OPTION_RULES = {
  lang: { schema: z.enum(LANGUAGES), expected: 'lv or ru', param: 'lang' },
  amount: {
    schema: wholeNumberIn(MIN_AMOUNT, MAX_AMOUNT),
    expected: `a whole number of euros from ${MIN_AMOUNT} to ${MAX_AMOUNT}`,
    param: 'amount',
  },
  term: {
    schema: wholeNumberIn(MIN_TERM_MONTHS, MAX_TERM_MONTHS),
    expected: `a whole number of months from ${MIN_TERM_MONTHS} to ${MAX_TERM_MONTHS}`,
    param: 'term',
  },
  purpose: { schema: z.enum(LOAN_PURPOSES), expected: `one of ${LOAN_PURPOSES.join(', ')}`, param: 'purpose' },
  publisherId: {
    schema: z.string().check(z.regex(/^[\w.-]{1,64}$/)),
    expected: 'up to 64 letters, digits, dots, underscores or hyphens',
    param: 'publisherId',
  },
  utmSource: { schema: trackingText(200), expected: 'text of up to 200 characters', param: 'utm_source' },
  utmMedium: { schema: trackingText(200), expected: 'text of up to 200 characters', param: 'utm_medium' },
  utmCampaign: { schema: trackingText(200), expected: 'text of up to 200 characters', param: 'utm_campaign' },
  utmContent: { schema: trackingText(200), expected: 'text of up to 200 characters', param: 'utm_content' },
  utmTerm: { schema: trackingText(200), expected: 'text of up to 200 characters', param: 'utm_term' },
  clickId: { schema: trackingText(200), expected: 'text of up to 200 characters', param: 'click_ID' },
  cta: { schema: z.enum(CTA_TARGETS), expected: CTA_TARGETS.join(' or '), param: 'cta' },
  mode: { schema: z.enum(WIDGET_MODES), expected: WIDGET_MODES.join(' or '), param: 'mode' },
} as const satisfies Record<string, OptionRule>;

export type WidgetOptionName = keyof typeof OPTION_RULES;
export const WIDGET_OPTION_NAMES = Object.keys(OPTION_RULES) as WidgetOptionName[];

/** The tracking options, which the host page's own address may also supply (its utm_* and click_ID). */
export const TRACKING_OPTION_NAMES = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'clickId',
] as const satisfies readonly WidgetOptionName[];

/** Options after validation: every value a string the rule accepted. */
export type WidgetOptions = Partial<Record<WidgetOptionName, string>>;

/** A widget's settled configuration, defaults filled in. */
export interface WidgetConfig {
  readonly lang: Language;
  readonly amount: number;
  readonly term: number;
  readonly purpose: LoanPurpose | null;
  readonly cta: (typeof CTA_TARGETS)[number];
  readonly mode: (typeof WIDGET_MODES)[number];
  readonly publisherId: string | null;
}

export interface OptionReading {
  readonly options: WidgetOptions;
  /** one sentence per unknown or invalid option, for the publisher's console */
  readonly problems: readonly string[];
}

const isOptionName = (name: string): name is WidgetOptionName => Object.hasOwn(OPTION_RULES, name);

/**
 * Validates what a publisher passed. A valid option is kept; an unknown or invalid one is left out
 * (its default applies) and described in `problems`.
 */
export function readWidgetOptions(raw: Readonly<Record<string, unknown>>): OptionReading {
  const options: WidgetOptions = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!isOptionName(name)) {
      problems.push(`unknown option "${name}" is ignored; known options: ${WIDGET_OPTION_NAMES.join(', ')}.`);
      continue;
    }
    const rule: OptionRule = OPTION_RULES[name];
    const text = typeof value === 'number' ? String(value) : value;
    const parsed = rule.schema.safeParse(text);
    if (parsed.success) options[name] = parsed.data;
    else
      problems.push(
        `option "${name}" has the invalid value ${JSON.stringify(value)}; expected ${rule.expected}. The default is used.`,
      );
  }
  return { options, problems };
}

/** The options as the iframe's query string: tracking under the spec's session-storage names. */
export function optionsToQuery(options: WidgetOptions): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of WIDGET_OPTION_NAMES) {
    const value = options[name];
    if (value !== undefined) query.set(OPTION_RULES[name].param, value);
  }
  return query;
}

/** The iframe's side: its options back from its own address, whatever the address holds. */
export function optionsFromQuery(query: URLSearchParams): WidgetOptions {
  const raw: Record<string, string> = {};
  for (const name of WIDGET_OPTION_NAMES) {
    const value = query.get(OPTION_RULES[name].param);
    if (value !== null) raw[name] = value;
  }
  return readWidgetOptions(raw).options;
}

export function widgetConfig(options: WidgetOptions): WidgetConfig {
  return {
    lang: options.lang === 'ru' ? 'ru' : 'lv',
    amount: options.amount === undefined ? DEFAULT_WIDGET_AMOUNT : Number(options.amount),
    term: options.term === undefined ? DEFAULT_WIDGET_TERM : Number(options.term),
    purpose: (options.purpose as LoanPurpose | undefined) ?? null,
    cta: options.cta === 'site' ? 'site' : 'widget',
    mode: options.mode === 'applyOnly' ? 'applyOnly' : 'full',
    publisherId: options.publisherId ?? null,
  };
}
