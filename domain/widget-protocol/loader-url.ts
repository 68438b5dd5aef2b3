import { company } from '../company.ts';
import { WIDGET_BASE_PATH } from './constants.ts';

/** The loader's address on an origin: what a publisher's snippet includes. */
export const loaderUrlOf = (origin: string): string => `${origin}${WIDGET_BASE_PATH}/loader.js`;

/**
 * The loader's address the prerendered publishers' page is written with. A page is built once and
 * served by many installations (production, staging, a developer's machine): the server puts the
 * origin it serves from in its place (server/site.ts), so every snippet names the server that showed it.
 */
export const PRERENDERED_LOADER_URL = loaderUrlOf(company.siteOrigin);

/** The attribute that marks where the publishers' page names the widgets' origin in its text (its privacy note). */
export const WIDGET_ORIGIN_ATTRIBUTE = 'data-widget-origin';
/** The marked origin as the markup holds it: the server puts the origin it serves from in its place, as with the loader. */
export const originInText = (origin: string): string => `${WIDGET_ORIGIN_ATTRIBUTE}="">${origin}<`;
export const PRERENDERED_ORIGIN_IN_TEXT = originInText(company.siteOrigin);
