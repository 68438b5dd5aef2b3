import * as z from 'zod/mini';
import { LANGUAGES } from '../language.ts';
import { MAX_AMOUNT, MAX_TERM_MONTHS, MIN_AMOUNT, MIN_TERM_MONTHS } from '../loan-options.ts';
import { LOAN_PURPOSES } from '../loan-purposes.ts';
import {
  CTA_TARGETS,
  FONT_STACK,
  HEX_COLOUR,
  OPTION_PARAMS,
  WIDGET_MODES,
  WIDGET_OPTION_NAMES,
  WIDGET_THEMES,
  type WidgetOptionName,
  type WidgetOptions,
} from './config.ts';

export * from './config.ts';

const wholeNumberIn = (min: number, max: number) =>
  z.string().check(
    z.regex(/^\d{1,6}$/),
    z.refine((value) => Number(value) >= min && Number(value) <= max),
  );
const trackingText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[^\p{Cc}]*$/u));
const TEXT = 'text of up to 200 characters';
const COLOUR = 'a colour as #rgb or #rrggbb';

interface OptionRule {
  readonly schema: z.ZodMiniType<string>;
  /** what a valid value looks like, for the console message */
  readonly expected: string;
}

/** What each option accepts: a publisher's value (string or number) is checked as text. */
export const OPTION_RULES = {
  lang: { schema: z.enum(LANGUAGES), expected: 'lv or ru' },
  amount: {
    schema: wholeNumberIn(MIN_AMOUNT, MAX_AMOUNT),
    expected: `a whole number of euros from ${MIN_AMOUNT} to ${MAX_AMOUNT}`,
  },
  term: {
    schema: wholeNumberIn(MIN_TERM_MONTHS, MAX_TERM_MONTHS),
    expected: `a whole number of months from ${MIN_TERM_MONTHS} to ${MAX_TERM_MONTHS}`,
  },
  purpose: {
    schema: z.enum(LOAN_PURPOSES),
    expected: `one of ${LOAN_PURPOSES.join(', ')}`,
  },
  publisherId: {
    schema: z.string().check(z.regex(/^[\w.-]{1,64}$/)),
    expected: 'up to 64 letters, digits, dots, underscores or hyphens',
  },
  utmSource: { schema: trackingText(200), expected: TEXT },
  utmMedium: { schema: trackingText(200), expected: TEXT },
  utmCampaign: { schema: trackingText(200), expected: TEXT },
  utmContent: { schema: trackingText(200), expected: TEXT },
  utmTerm: { schema: trackingText(200), expected: TEXT },
  clickId: { schema: trackingText(200), expected: TEXT },
  cta: { schema: z.enum(CTA_TARGETS), expected: CTA_TARGETS.join(' or ') },
  mode: { schema: z.enum(WIDGET_MODES), expected: WIDGET_MODES.join(' or ') },
  theme: { schema: z.enum(WIDGET_THEMES), expected: WIDGET_THEMES.join(' or ') },
  textColor: { schema: z.string().check(z.regex(HEX_COLOUR), z.toLowerCase()), expected: COLOUR },
  accentColor: { schema: z.string().check(z.regex(HEX_COLOUR), z.toLowerCase()), expected: COLOUR },
  font: {
    schema: z.string().check(z.regex(FONT_STACK)),
    expected:
      'a font-family list of up to 10 names of letters, digits, spaces and hyphens, such as "Open Sans", Arial, sans-serif',
  },
  // a bare `data-test-mode` attribute reads as the empty string: it turns test mode on
  testMode: {
    schema: z.pipe(
      z.enum(['', 'true', 'false']),
      z.transform((value) => (value === 'false' ? 'false' : 'true')),
    ),
    expected: 'true or false',
  },
} as const satisfies Record<WidgetOptionName, OptionRule>;

export interface OptionReading {
  readonly options: WidgetOptions;
  /** one sentence per unknown or invalid option, for the publisher's console */
  readonly problems: readonly string[];
}

const isOptionName = (name: string): name is WidgetOptionName => Object.hasOwn(OPTION_PARAMS, name);

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
    const parsed = rule.schema.safeParse(
      typeof value === 'number' || typeof value === 'boolean' ? String(value) : value,
    );
    if (parsed.success) options[name] = parsed.data;
    else
      problems.push(
        `option "${name}" has the invalid value ${JSON.stringify(value)}; expected ${rule.expected}. The default is used.`,
      );
  }
  return { options, problems };
}
