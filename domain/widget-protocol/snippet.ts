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

/** How long after the page's load event the loader comes when the browser has not reported the largest paint. */
export const LOADER_FALLBACK_MS = 1000;

/**
 * The one inline script every page with widgets needs once: the queue stub, and the loader added once the page's
 * largest text or image has painted (Chromium and Firefox report it; elsewhere once the page has loaded and painted),
 * so that neither the loader nor what it brings is among the requests the page's largest paint waits for: added one
 * frame after `load`, it was often asked for before that paint (a short article loads in a tenth of a second), and a
 * phone's slow line then gave the widget's files the bandwidth the article needed (Lighthouse: the article's LCP
 * +240 ms). A page that never reports it (opened in a background tab) gets the loader a second after its load; a page
 * that has already painted (a snippet added later) gets it at once.
 */
export const loaderTags = (loaderUrl: string): string =>
  `<script>${QUEUE_STUB}(function(w,d){var a;function l(){if(a)return;a=1;var s=d.createElement('script');s.async=true;s.src=${scriptString(loaderUrl)};d.head.appendChild(s)}` +
  `function p(){w.requestAnimationFrame(function(){setTimeout(l)})}function f(){setTimeout(l,${LOADER_FALLBACK_MS})}` +
  `function o(g){d.readyState==='complete'?g():w.addEventListener('load',g)}var P=w.PerformanceObserver;` +
  `if(P&&(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0){new P(function(e,b){e.getEntries().length&&(b.disconnect(),p())}).observe({type:'largest-contentful-paint',buffered:true});o(f)}` +
  `else if(d.readyState==='complete')l();else w.addEventListener('load',p)})(window,document);</script>`;

/** Markup and script, one per line: ready to paste into a page's HTML. */
export const embedSnippet = (kind: WidgetKind, options: WidgetOptions, loaderUrl: string): string =>
  `${widgetMarkup(kind, options)}\n${loaderTags(loaderUrl)}`;
