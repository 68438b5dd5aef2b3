import { WIDGET_BASE_PATH } from '../../domain/widget-protocol/constants.ts';
import type { Language } from '../../domain/language.ts';

/** What the page a widget's tab lands on says before it closes itself. */
export const WIDGET_RETURN_RESULTS = ['confirmed', 'failed', 'signed'] as const;
export type WidgetReturnResult = (typeof WIDGET_RETURN_RESULTS)[number];

/**
 * Where the bank, eParaksts or the lender sends back a person who started in a publisher's widget:
 * not the wizard (in that tab the site's storage holds no application: it is the widget's, in the
 * publisher's partition), but a page that says how it went and closes the tab. The widget hears the
 * outcome from the application's status, as it follows it all along.
 */
export const widgetReturnPath = (result: WidgetReturnResult, language: Language): string =>
  `${WIDGET_BASE_PATH}/identified?${new URLSearchParams({ lang: language, result })}`;
