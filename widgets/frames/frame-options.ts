import {
  optionsInQuery,
  optionsToQuery,
  TRACKING_OPTION_NAMES,
  widgetConfig,
  type WidgetConfig,
  type WidgetOptions,
} from '../../domain/widget-protocol/config.ts';
import { FRAME_PARAMS, WIDGET_BASE_PATH } from '../../domain/widget-protocol/constants.ts';
import type { Preselection } from '../../domain/preselection.ts';

/**
 * A widget page's settings, read back from its own address: the host script validated them, and
 * the configuration settles every value again (an address can hold anything).
 */
export interface FrameSettings {
  readonly options: WidgetOptions;
  readonly config: WidgetConfig;
}

export function frameSettings(href: string): FrameSettings {
  const options = optionsInQuery(new URL(href).searchParams);
  const config = widgetConfig(options);
  return { options, config };
}

/** The loan the snippet or the calculator chose for the application's form: only what the address names. */
export const preselectionOf = ({ options, config }: FrameSettings): Preselection => ({
  purpose: config.purpose,
  amount: options.amount === undefined ? null : config.amount,
  term: options.term === undefined ? null : config.term,
});

/**
 * The application widget's address with the calculator's figures: the calculator's call to
 * action opens it in the same iframe, keeping the host's origin and the widget's id.
 */
export function applicationFrameHref(href: string, figures: { amount: number; months: number }): string {
  const here = new URL(href);
  const options: WidgetOptions = {
    ...optionsInQuery(here.searchParams),
    amount: String(figures.amount),
    term: String(figures.months),
  };
  const query = optionsToQuery(options);
  for (const param of Object.values(FRAME_PARAMS)) {
    const value = here.searchParams.get(param);
    if (value !== null) query.set(param, value);
  }
  return `${WIDGET_BASE_PATH}/application?${query.toString()}`;
}

/** The tracking options under the spec's session-storage names (utm_source, click_ID…). */
export function trackingOf(options: WidgetOptions): Record<string, string> {
  const tracking: WidgetOptions = { publisherId: options.publisherId };
  for (const name of TRACKING_OPTION_NAMES) tracking[name] = options[name];
  return Object.fromEntries(optionsToQuery(tracking).entries());
}
