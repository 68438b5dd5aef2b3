import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The prerendered pages of `npm run build`, read as a search engine or a visitor without JavaScript
 * reads them: the HTML of dist/client parsed by jsdom's DOMParser (vitest.pages.config.ts runs these
 * tests in jsdom), which runs none of their scripts. The server
 * sends these files as they are (server/site.ts); tests/e2e/head-tags.spec.ts checks that it does.
 */

const clientDir = join(import.meta.dirname, '../../../dist/client');

/** Where the build writes a registered path's page: / → index.html, /ru/x → ru/x/index.html. */
export const fileOfPath = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

const parsed = new Map<string, Document>();

/** A file of dist/client as a document, parsed once per test file. */
export function prerenderedFile(name: string): Document {
  const known = parsed.get(name);
  if (known) return known;
  const file = join(clientDir, name);
  if (!existsSync(file)) throw new Error(`${file} is missing: the page tests read the build (npm run build)`);
  const document = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/html');
  parsed.set(name, document);
  return document;
}

/** The page the server answers for a registered path. */
export const prerendered = (path: string): Document => prerenderedFile(fileOfPath(path));

/** Text as Playwright's toHaveText compares it: the text content, white space collapsed and trimmed. */
export const textOf = (element: Element | null | undefined): string =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A link's accessible name as the site writes its links: aria-label, else its text. */
const nameOf = (element: Element) => element.getAttribute('aria-label') ?? textOf(element);

/** The links under `within` whose accessible name is exactly `name`. */
export const linksNamed = (within: ParentNode, name: string): HTMLAnchorElement[] =>
  [...within.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((link) => nameOf(link) === name);

/** The one element `selector` finds under `within`; fails, as Playwright's strict locators do, on none or more. */
export function only(within: ParentNode, selector: string): Element {
  const found = within.querySelectorAll(selector);
  if (found.length !== 1) throw new Error(`${selector}: ${found.length} elements, expected exactly one`);
  return found[0] as Element;
}
