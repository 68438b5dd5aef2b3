import type { Language } from '../../domain/language.ts';
import type { ArticleKey, LegalFragment } from '../../domain/site-pages.ts';

/**
 * The HTML fragments the prerenderer reads from locales/ (legal texts, articles). Only the server
 * build imports this; the browser never gets the lot.
 */
const htmlFiles = import.meta.glob<string>('../../locales/*/{files,articles}/*.html', {
  eager: true,
  query: '?raw',
  import: 'default',
});

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
