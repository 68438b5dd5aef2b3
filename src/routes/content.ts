import type { Resource } from 'i18next';
import type { Language } from '../../domain/language.ts';
import type { LegalFragment } from '../../domain/site-pages.ts';
import type { ArticleKey } from '../features/site/content-schema.ts';

/**
 * Everything the prerenderer reads from locales/: i18next resources and the HTML fragments
 * (legal texts, articles). Only the server build imports this; the browser never gets the lot.
 */
const jsonFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const htmlFiles = import.meta.glob<string>('../../locales/*/{files,articles}/*.html', {
  eager: true,
  query: '?raw',
  import: 'default',
});

export function allResources(): Resource {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, content] of Object.entries(jsonFiles)) {
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = content;
  }
  return resources;
}

function fragment(path: string): string {
  const html = htmlFiles[path];
  if (html === undefined) throw new Error(`missing content fragment ${path}`);
  return html;
}

export const legalFragment = (lang: Language, name: LegalFragment): string =>
  fragment(`../../locales/${lang}/files/${name}.html`);

export const articleFragment = (lang: Language, key: ArticleKey): string =>
  fragment(`../../locales/${lang}/articles/${key}.html`);

/** Fragments published at /assets/files/{name}.html, named {lang}-{fragment}. */
export function publishedFragments(): { name: string; html: string }[] {
  return Object.entries(htmlFiles)
    .filter(([path]) => path.includes('/files/'))
    .map(([path, html]) => {
      const match = /locales\/(\w+)\/files\/([\w-]+)\.html$/.exec(path);
      return { name: `${match?.[1]}-${match?.[2]}`, html };
    });
}
