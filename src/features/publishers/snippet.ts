import { WIDGET_BASE_PATH } from '../../../domain/widget-protocol/constants.ts';
import { PRERENDERED_LOADER_URL } from '../../../domain/widget-protocol/loader-url.ts';
import {
  optionsToQuery,
  WIDGET_OPTION_NAMES,
  type WidgetKind,
  type WidgetOptions,
} from '../../../domain/widget-protocol/options.ts';

import { embedSnippet as snippetOf, loaderTags as loaderTagsOf } from '../../../domain/widget-protocol/snippet.ts';

export {
  attributeName,
  escapeHtml,
  QUEUE_STUB,
  RESERVED_SPACE_STYLE,
  widgetMarkup,
} from '../../../domain/widget-protocol/snippet.ts';

/** The loader as prerendered; the server serving the page writes its own origin in (server/site.ts). */
export const LOADER_URL = PRERENDERED_LOADER_URL;

/** The one script every page with widgets needs once, whatever the number of widgets. */
export const loaderTags = (loaderUrl: string = LOADER_URL): string => loaderTagsOf(loaderUrl);

/** Markup and script, one per line: ready to paste into a page's HTML (domain/widget-protocol/snippet.ts). */
export const embedSnippet = (kind: WidgetKind, options: WidgetOptions, loaderUrl: string = LOADER_URL): string =>
  snippetOf(kind, options, loaderUrl);

/** The widget's own page on this origin, as the loader frames it (without the loader's host and id). */
export function previewSrc(kind: WidgetKind, options: WidgetOptions): string {
  const present: WidgetOptions = {};
  for (const name of WIDGET_OPTION_NAMES) {
    const value = options[name];
    if (value !== undefined && value !== '') present[name] = value;
  }
  return `${WIDGET_BASE_PATH}/${kind}?${optionsToQuery(present).toString()}`;
}
