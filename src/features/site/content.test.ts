import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faqContentSchema, homeContentSchema, productsContentSchema, tipsContentSchema } from './content-schema.ts';

const locales = join(import.meta.dirname, '../../../locales');
const json = (lang: string, ns: string) => JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8'));

/** Keys of a nested object, with plural suffixes folded so lv (zero/one/other) and ru (one/few/many) compare. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return [
    ...new Set(Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key))),
  ];
}

describe.each(['lv', 'ru'])('%s content', (lang) => {
  it('matches the content schemas', () => {
    expect(() => homeContentSchema.parse(json(lang, 'home'))).not.toThrow();
    expect(() => productsContentSchema.parse(json(lang, 'products'))).not.toThrow();
    expect(() => faqContentSchema.parse(json(lang, 'faq'))).not.toThrow();
    expect(() => tipsContentSchema.parse(json(lang, 'tips'))).not.toThrow();
  });

  it('has every legal fragment and article as an HTML fragment without its own h1', () => {
    const files = readdirSync(join(locales, lang, 'files')).sort();
    expect(files).toEqual(['cookies.html', 'legal-basis.html', 'privacy.html', 'terms.html']);
    const articles = readdirSync(join(locales, lang, 'articles'));
    expect(articles).toHaveLength(5);
    for (const file of [...files.map((f) => join('files', f)), ...articles.map((f) => join('articles', f))]) {
      const html = readFileSync(join(locales, lang, file), 'utf8');
      expect(html, file).not.toMatch(/<h1|<script|<html|style=/i);
      expect(html, file).toMatch(/<h2/);
    }
  });

  it('states in the privacy policy the legal basis of the messages about an application and how to stop them', () => {
    const privacy = readFileSync(join(locales, lang, 'files', 'privacy.html'), 'utf8');
    const said =
      lang === 'lv'
        ? {
            basis:
              /E-pasta ziņas par jūsu pieteikumu[^<]*<\/td>\s*<td>Pasākumi pēc jūsu pieprasījuma pirms līguma noslēgšanas \(VDAR 6\. panta 1\. punkta b apakšpunkts\)/,
            stop: ['pēc noklusējuma', 'Atteikties no e-pasta ziņām', 'href="/profils"'],
          }
        : {
            basis:
              /Письма о вашей заявке[^<]*<\/td>\s*<td>Действия по вашему запросу до заключения договора \(подпункт «b» пункта 1 статьи 6 Регламента\)/,
            stop: ['по умолчанию', 'Отписаться от писем', 'href="/ru/profil"'],
          };
    expect(privacy).toMatch(said.basis);
    for (const words of said.stop) expect(privacy).toContain(words);
  });

  it('has the plural forms its language needs', () => {
    const common = json(lang, 'common');
    const forms = lang === 'lv' ? ['zero', 'one', 'other'] : ['one', 'few', 'many', 'other'];
    for (const form of forms) expect(common[`months_${form}`], form).toContain('{{count}}');
  });
});

describe('lv and ru', () => {
  it.each(['common', 'calculator', 'meta', 'publishers'])('have the same %s keys', (ns) => {
    expect(keyPaths(json('ru', ns)).sort()).toEqual(keyPaths(json('lv', ns)).sort());
  });
});
