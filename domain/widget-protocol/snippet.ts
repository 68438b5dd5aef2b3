import { GLOBAL_NAME } from './constants.ts';
import { WIDGET_OPTION_NAMES, type WidgetKind, type WidgetOptionName, type WidgetOptions } from './options.ts';

/**
 * The code a publisher pastes, written once for every side that needs it: the publishers' page
 * generates it, the end-to-end tests and the widgets bench paste it into publishers' pages.
 */

/** Defines `window.LoanWidget` as a queue until the loader replaces it and replays the queue. */
export const QUEUE_STUB = `window.${GLOBAL_NAME}=window.${GLOBAL_NAME}||function(){(${GLOBAL_NAME}.q=${GLOBAL_NAME}.q||[]).push(arguments)};`;

/**
 * The space a widget's element keeps from the page's first paint until the widget's iframe is in it
 * (the host script then hands it to the iframe): a screen's height, so that whatever the widget's
 * final height, its bottom edge starts at or below the viewport's and the publisher's text below it
 * never moves in view.
 */
export const RESERVED_SPACE_STYLE = 'min-height: 100vh';

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

/** A JavaScript string literal that cannot end the inline script it stands in. */
const scriptString = (text: string): string => JSON.stringify(text).replace(/</g, '\\u003c');

/** The widget's element; options come in the contract's order, empty ones left out. */
export function widgetMarkup(kind: WidgetKind, options: WidgetOptions): string {
  const attributes = [`data-loan-widget="${kind}"`];
  for (const name of WIDGET_OPTION_NAMES) {
    const value = options[name];
    if (value === undefined || value === '') continue;
    attributes.push(`${attributeName(name)}="${escapeHtml(value)}"`);
  }
  attributes.push(`style="${RESERVED_SPACE_STYLE}"`);
  return `<div ${attributes.join(' ')}></div>`;
}

/**
 * The one inline script every page with widgets needs once: the queue stub, and the loader added
 * once the page has loaded and painted, so that neither the loader nor what it brings is among the
 * requests the page's largest paint waits for. A page that has already loaded (a snippet added
 * later) gets the loader at once.
 */
export const loaderTags = (loaderUrl: string): string =>
  `<script>${QUEUE_STUB}(function(w,d){function l(){var s=d.createElement('script');s.async=true;s.src=${scriptString(loaderUrl)};d.head.appendChild(s)}` +
  `if(d.readyState==='complete')l();else w.addEventListener('load',function(){w.requestAnimationFrame(function(){setTimeout(l)})})})(window,document);</script>`;

/** Markup and script, one per line: ready to paste into a page's HTML. */
export const embedSnippet = (kind: WidgetKind, options: WidgetOptions, loaderUrl: string): string =>
  `${widgetMarkup(kind, options)}\n${loaderTags(loaderUrl)}`;
