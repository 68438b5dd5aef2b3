import { describe, expect, it } from 'vitest';
import { allPagePaths, PAGES } from '../../domain/site-pages.ts';
import { only, prerendered } from './support/prerendered.ts';

/** What a search engine or a social network reads: the prerendered head of every page, without running any script. */

const SITE = 'https://www.kreditkompass.lv';
const local = (absolute: string) => absolute.replace(SITE, '') || '/';
const content = (document: Document, selector: string) => only(document.head, selector).getAttribute('content') ?? '';

describe.each(allPagePaths())('%s', (path) => {
  it('has complete head tags and one h1', () => {
    const document = prerendered(path);
    const ru = path === '/ru' || path.startsWith('/ru/');
    expect(document.documentElement.getAttribute('lang')).toBe(ru ? 'ru' : 'lv');
    expect(document.title).toMatch(/\S.* \| Kreditkompass$/);
    expect(content(document, 'meta[name="description"]')).toMatch(/.{40,}/);
    expect(content(document, 'meta[name="robots"]')).toMatch(/^(no)?index, (no)?follow$/);
    const canonical = only(document.head, 'link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`^${SITE}/`));
    expect(content(document, 'meta[property="og:title"]')).toMatch(/\S/);
    expect(content(document, 'meta[property="og:description"]')).toMatch(/\S/);
    expect(content(document, 'meta[property="og:type"]')).toMatch(/^(website|article)$/);
    expect(content(document, 'meta[property="og:url"]')).toBe(canonical);
    expect(content(document, 'meta[property="og:locale"]')).toBe(ru ? 'ru_RU' : 'lv_LV');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });
});

describe.each(PAGES.map((entry) => [entry.paths.lv, entry.paths.ru, entry] as const))(
  '%s and %s',
  (lvPath, ruPath, entry) => {
    const alternatesOf = (path: string) =>
      Object.fromEntries(
        [...prerendered(path).head.querySelectorAll('link[rel="alternate"]')].map((link) => [
          link.getAttribute('hreflang') ?? '',
          local(link.getAttribute('href') ?? ''),
        ]),
      );

    it('declare each other as alternates', () => {
      if (entry.alternateRuDisabled) {
        // The Russian article is not a twin of the Latvian one (spec section 2): no hreflang at all.
        expect(alternatesOf(lvPath)).toEqual({});
        expect(alternatesOf(ruPath)).toEqual({});
        return;
      }
      const expected = { lv: lvPath, ru: ruPath, 'x-default': lvPath };
      expect(alternatesOf(lvPath)).toEqual(expected);
      expect(alternatesOf(ruPath)).toEqual(expected);
    });
  },
);

it('the second Russian FAQ path shows the FAQ with the main path as canonical', () => {
  expect(only(prerendered('/ru/faq').head, 'link[rel="canonical"]').getAttribute('href')).toBe(
    `${SITE}/ru/casto-zadavaemije-voprosi`,
  );
});

it('noindex rules: legal basis is noindex, nofollow; bare /v1 and /v2 are noindex', () => {
  for (const [path, robots] of [
    ['/darbibas-juridiskais-pamats', 'noindex, nofollow'],
    ['/ru/darbibas-juridiskais-pamats', 'noindex, nofollow'],
    ['/v1', 'noindex, follow'],
    ['/v2', 'noindex, follow'],
    ['/ru/v1', 'noindex, follow'],
    ['/', 'index, follow'],
  ] as const) {
    expect(content(prerendered(path), 'meta[name="robots"]'), path).toBe(robots);
  }
});
