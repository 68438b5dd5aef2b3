import { describe, expect, it } from 'vitest';
import {
  allPagePaths,
  languageOfPath,
  lvToRuSlug,
  PAGES,
  resolvePage,
  ruToLvSlug,
  switchLanguagePath,
} from '../../domain/site-pages.ts';
import { pageMetadata } from './page-meta.ts';

/** Spec section 2, verbatim. */
const SPEC_ROUTES: [string, string][] = [
  ['/', '/ru'],
  ['/404', '/ru/404'],
  ['/paterina-kredits', '/ru/potrebitelskij-kredit'],
  ['/auto-kredits', '/ru/avtokredit'],
  ['/kreditu-apvienosana', '/ru/objedinenije-kreditov'],
  ['/kredits-remontam', '/ru/kredit-na-remont'],
  ['/buj', '/ru/casto-zadavaemije-voprosi'],
  ['/darbibas-juridiskais-pamats', '/ru/darbibas-juridiskais-pamats'],
  ['/konfidencialitates-politika', '/ru/politika-privatnosti'],
  ['/noteikumi', '/ru/pravila'],
  ['/sikdatnu-politika', '/ru/politika-cookies'],
  ['/padomi', '/ru/sovety'],
];

describe('page registry', () => {
  it('has every route of the spec in both languages, and the second Russian FAQ path', () => {
    for (const [lv, ru] of SPEC_ROUTES) {
      expect(resolvePage(lv)?.entry.paths.ru, lv).toBe(ru);
      expect(resolvePage(ru)?.entry.paths.lv, ru).toBe(lv);
    }
    expect(resolvePage('/ru/faq')?.entry.id).toBe('faq');
    expect(resolvePage('/ru/faq')?.lang).toBe('ru');
  });

  it('has the tips list with five articles in each language', () => {
    const articles = PAGES.filter((entry) => entry.kind.type === 'article');
    expect(articles).toHaveLength(5);
    for (const article of articles) {
      expect(article.paths.lv).toMatch(/^\/padomi\/[a-z-]+$/);
      expect(article.paths.ru).toMatch(/^\/ru\/sovety\/[a-z-]+$/);
      expect(article.ogType).toBe('article');
    }
  });

  it('has the publishers page in both languages, indexed and with hreflang twins', () => {
    const lv = resolvePage('/partneriem');
    expect(lv?.entry).toMatchObject({ id: 'publishers', kind: { type: 'publishers' }, robots: 'index, follow' });
    expect(lv?.entry.alternateRuDisabled).toBeFalsy();
    expect(switchLanguagePath('/partneriem', 'ru')).toBe('/ru/partneram');
    expect(switchLanguagePath('/ru/partneram', 'lv')).toBe('/partneriem');
  });

  it('maps the spec slugs Russian to Latvian and back', () => {
    expect(ruToLvSlug).toMatchObject({
      avtokredit: 'auto-kredits',
      'casto-zadavaemije-voprosi': 'buj',
      'kredit-na-remont': 'kredits-remontam',
      'objedinenije-kreditov': 'kreditu-apvienosana',
      pravila: 'noteikumi',
      'politika-privatnosti': 'konfidencialitates-politika',
      'politika-cookies': 'sikdatnu-politika',
      'potrebitelskij-kredit': 'paterina-kredits',
      sovety: 'padomi',
      'lizing-ili-avtokredit': 'lizings-vai-auto-kredits',
    });
    for (const [ru, lv] of Object.entries(ruToLvSlug)) expect(lvToRuSlug[lv]).toBe(ru);
  });

  it('switches language to the twin page, and unknown paths to the other home page', () => {
    expect(switchLanguagePath('/auto-kredits', 'ru')).toBe('/ru/avtokredit');
    expect(switchLanguagePath('/ru/faq', 'lv')).toBe('/buj');
    expect(switchLanguagePath('/ru/sovety/kak-sekonomit-na-svadbe', 'lv')).toBe('/padomi/ka-ietaupit-planojot-kazas');
    expect(switchLanguagePath('/nav-tadas', 'ru')).toBe('/ru');
  });

  it('tells the language of any path, trailing slash or not', () => {
    expect(languageOfPath('/ru')).toBe('ru');
    expect(languageOfPath('/ru/anything')).toBe('ru');
    expect(languageOfPath('/rus')).toBe('lv');
    expect(resolvePage('/ru/')?.entry.id).toBe('home');
    expect(allPagePaths()).toHaveLength(PAGES.length * 2 + 1);
  });
});

describe('page metadata', () => {
  it('gives a canonical, og locale and reciprocal alternates with x-default', () => {
    const resolved = resolvePage('/ru/avtokredit');
    if (!resolved) throw new Error('unresolved');
    const meta = pageMetadata(resolved, 'Title', 'Description');
    expect(meta.canonical).toBe('https://www.kreditkompass.lv/ru/avtokredit');
    expect(meta.ogLocale).toBe('ru_RU');
    expect(meta.alternate).toEqual([
      { hreflang: 'lv', href: 'https://www.kreditkompass.lv/auto-kredits' },
      { hreflang: 'ru', href: 'https://www.kreditkompass.lv/ru/avtokredit' },
      { hreflang: 'x-default', href: 'https://www.kreditkompass.lv/auto-kredits' },
    ]);
  });

  it('has no alternates for Russian articles without a Latvian twin; the leasing article keeps them', () => {
    const scams = resolvePage('/ru/sovety/populyarnye-vidy-moshennichestva');
    const leasing = resolvePage('/ru/sovety/lizing-ili-avtokredit');
    if (!scams || !leasing) throw new Error('unresolved');
    expect(pageMetadata(scams, 't', 'd')).toMatchObject({ alternate: [], alternateRuDisabled: true });
    expect(pageMetadata(leasing, 't', 'd').alternate).toHaveLength(3);
  });

  it('points the second Russian FAQ path at the main one as canonical', () => {
    const alias = resolvePage('/ru/faq');
    if (!alias) throw new Error('unresolved');
    expect(pageMetadata(alias, 't', 'd')).toMatchObject({
      path: '/ru/faq',
      canonical: 'https://www.kreditkompass.lv/ru/casto-zadavaemije-voprosi',
    });
  });
});
