import { WIDGET_BASE_PATH } from '../../../domain/widget-protocol/constants.ts';
import { PRERENDERED_LOADER_URL } from '../../../domain/widget-protocol/loader-url.ts';
import {
  optionsToQuery,
  WIDGET_OPTION_NAMES,
  type WidgetKind,
  type WidgetOptionName,
  type WidgetOptions,
} from '../../../domain/widget-protocol/options.ts';

/**
 * The code a publisher pastes: the widget's element with its options as `data-*` attributes, the
 * queue stub (calls made before the loader arrives are kept) and the loader itself.
 */

/** The loader as prerendered; the server serving the page writes its own origin in (server/site.ts). */
export const LOADER_URL = PRERENDERED_LOADER_URL;

/** Defines `window.LoanWidget` as a queue until the loader replaces it and replays the queue. */
export const QUEUE_STUB =
  'window.LoanWidget=window.LoanWidget||function(){(LoanWidget.q=LoanWidget.q||[]).push(arguments)};';

/** `publisherId` → `data-publisher-id`, `utmSource` → `data-utm-source`: what the DOM camelCases back. */
export const attributeName = (option: WidgetOptionName): string =>
  `data-${option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe inside a double-quoted attribute value and in text. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * The widget's element; options come in the contract's order, empty ones left out. The application's
 * element keeps a screen's height before the loader runs (after the page's first paint): its iframe
 * would otherwise push the publisher's text below away as it arrives (widget-journey.spec).
 */
export function widgetMarkup(kind: WidgetKind, options: WidgetOptions): string {
  const attributes = [`data-loan-widget="${kind}"`];
  for (const name of WIDGET_OPTION_NAMES) {
    const value = options[name];
    if (value === undefined || value === '') continue;
    attributes.push(`${attributeName(name)}="${escapeHtml(value)}"`);
  }
  if (kind === 'application') attributes.push('style="min-height: 100vh"');
  return `<div ${attributes.join(' ')}></div>`;
}

/** The two script tags every page with widgets needs once, whatever the number of widgets. */
export const loaderTags = (loaderUrl: string = LOADER_URL): string =>
  [`<script>${QUEUE_STUB}</script>`, `<script async src="${escapeHtml(loaderUrl)}"></script>`].join('\n');

/** Markup, stub and loader, one per line: ready to paste into a page's HTML. */
export const embedSnippet = (kind: WidgetKind, options: WidgetOptions, loaderUrl: string = LOADER_URL): string =>
  `${widgetMarkup(kind, options)}\n${loaderTags(loaderUrl)}`;

/** The widget's own page on this origin, as the loader frames it (without the loader's host and id). */
export function previewSrc(kind: WidgetKind, options: WidgetOptions): string {
  const present: WidgetOptions = {};
  for (const name of WIDGET_OPTION_NAMES) {
    const value = options[name];
    if (value !== undefined && value !== '') present[name] = value;
  }
  return `${WIDGET_BASE_PATH}/${kind}?${optionsToQuery(present).toString()}`;
}
