import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site's copy against the advertising bans of Directive (EU) 2023/2225 (../shared/DOMAIN.md,
 * Money): nothing may suggest that credit improves one's finances, that existing debts or registered
 * credit data hardly matter, or that credit is free; and the number of lenders is never typed by
 * hand (it is {{lenders}} / {{lenderCount}}, filled from the registry by lender-copy.ts).
 * The application's own namespaces (form, screens, workflow, api, validation, account) are not
 * advertising and are left out.
 */
const locales = join(import.meta.dirname, '../../../locales');
const NOT_ADVERTISING = new Set(['form', 'screens', 'workflow', 'api', 'validation', 'account', 'countries']);

/** Every advertising text of a language: JSON strings (by key path) and HTML fragments (by sentence). */
function texts(lang: 'lv' | 'ru'): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') found.push({ where, text: value });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${where}[${index}]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
    }
  };
  for (const file of readdirSync(join(locales, lang))) {
    if (!file.endsWith('.json') || NOT_ADVERTISING.has(file.replace(/\.json$/, ''))) continue;
    walk(JSON.parse(readFileSync(join(locales, lang, file), 'utf8')), `${lang}/${file}`);
  }
  for (const folder of ['articles', 'files']) {
    for (const file of readdirSync(join(locales, lang, folder))) {
      const html = readFileSync(join(locales, lang, folder, file), 'utf8').replace(/<[^>]+>/g, ' ');
      html
        .split(/(?<=[.!?])\s+/)
        .forEach((sentence, index) => found.push({ where: `${lang}/${folder}/${file} #${index}`, text: sentence }));
    }
  }
  return found;
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);

/** A quoted phrase (a scam's promise the article warns against) is not our claim. */
const unquoted = (text: string) => text.replace(/[„“"«][^„“"«»”]*[»”“"]/g, '');

const BANS: Readonly<Record<'lv' | 'ru', readonly { rule: string; pattern: RegExp }[]>> = {
  lv: [
    { rule: 'credit improves finances', pattern: /uzlabo(?:t|s|)\s+(?:tav|jūs|savas\s+)?\S*\s*finans/i },
    { rule: 'credit improves finances', pattern: /(?:atrisin|risin)\S*\s+(?:\S+\s+)?(?:finanšu\s+)?problēm/i },
    { rule: 'credit improves finances', pattern: /ietaup\S*\s+līdz\s+\d|klienti\s+ietaupa|kredītus\s+un\s+ietaupi/i },
    { rule: 'credit improves finances', pattern: /apvienošana\s+ir\s+izdevīga|pats\s+par\s+sevi\s+ir\s+ieguvums/i },
    { rule: 'debts hardly matter', pattern: /pat\s+ar\s+(?:sliktu\s+|negatīvu\s+)?(?:kredītvēstur|parād|kavēj)/i },
    { rule: 'debts hardly matter', pattern: /bez\s+(?:kredītvēstures\s+)?pārbaud/i },
    { rule: 'debts hardly matter', pattern: /kredītvēsture\s+(?:nav\s+svarīga|nav\s+šķērslis|nespēlē)/i },
    { rule: 'credit is free', pattern: /(?:kredīt|aizdevum|atmaks)[^.;:!?—–]{0,60}?(?:bez\s+maksas|bezmaksas)/i },
    { rule: 'credit is free', pattern: /(?:bezmaksas|bez\s+maksas)\s+(?:kredīt|aizdevum)/i },
    { rule: 'credit is free', pattern: /piedāvājumus\s+bez\s+maksas/i },
    { rule: 'a lender count typed by hand', pattern: /\b\d+\s+(?:bank|aizdevēj|kreditētāj|piedāvājum)/i },
    {
      rule: 'a lender count typed by hand',
      pattern: /\(ne\s+vairāk\s+kā\s+\d+\)|ne\s+vairāk\s+kā\s+\d+\s+(?:no\s+tiem|bank|kreditētāj|aizdevēj)/i,
    },
  ],
  ru: [
    { rule: 'credit improves finances', pattern: /улучш\S*\s+(?:ваше\s+|своё\s+|ваши\s+)?финанс/i },
    { rule: 'credit improves finances', pattern: /реш\S*\s+(?:ваши\s+|все\s+)?(?:финансовые\s+)?проблем/i },
    {
      rule: 'credit improves finances',
      pattern: /сэконом\S*\s+до\s+\d|экономят|кредиты\s+и\s+сэкономьте|объединение\s+выгодно|сам\s+по\s+себе\s+плюс/i,
    },
    {
      rule: 'debts hardly matter',
      pattern: /даже\s+(?:с|при)\s+(?:плохой\s+|испорченной\s+)?(?:кредитн|долг|просроч)/i,
    },
    { rule: 'debts hardly matter', pattern: /без\s+(?:проверк|справок\s+и\s+проверок)/i },
    { rule: 'debts hardly matter', pattern: /кредитная\s+история\s+(?:не\s+важна|не\s+помеха)/i },
    { rule: 'credit is free', pattern: /(?:кредит(?!ор)|заём|займ|погашени)[^.;:!?—–]{0,60}?бесплатн/i },
    { rule: 'credit is free', pattern: /бесплатн[а-я]*\s+(?:кредит(?!ор)|заём|займ|деньг)/i },
    { rule: 'credit is free', pattern: /предложения\s+бесплатно/i },
    { rule: 'a lender count typed by hand', pattern: /\b\d+\s+(?:банк|кредитор|предложени)/i },
    {
      rule: 'a lender count typed by hand',
      pattern:
        /\(не\s+более\s+\d+\)|не\s+более\s+\d+\s+(?:банк|кредитор)|всего\s+их\s+до\s+\d+|(?:до|от)\s+\d+\s+из\s+них/i,
    },
  ],
};

describe.each(['lv', 'ru'] as const)('%s copy', (lang) => {
  const all = texts(lang);

  it('reads every advertising namespace and fragment', () => {
    for (const name of [
      'home',
      'products',
      'faq',
      'common',
      'calculator',
      'widget',
      'meta',
      'tips',
      'articles/',
      'files/',
    ]) {
      expect(
        all.some(({ where }) => where.startsWith(`${lang}/${name}`)),
        name,
      ).toBe(true);
    }
  });

  it.each(BANS[lang].map((ban) => [ban.rule, ban.pattern] as const))('breaks no ban: %s (%s)', (_rule, pattern) => {
    const offending = all
      .flatMap(({ where, text }) => sentences(text).map((sentence) => ({ where, sentence })))
      .filter(({ sentence }) => pattern.test(unquoted(sentence)))
      .map(({ where, sentence }) => `${where}: ${sentence}`);
    expect(offending).toEqual([]);
  });

  it('names the number of lenders only through the registry’s placeholders', () => {
    const counted = all.filter(({ text }) => /\{\{(?:lenders|lenderCount)\}\}/.test(text));
    expect(counted.length).toBeGreaterThan(10);
  });

  it('says "free" only of our service', () => {
    const free = lang === 'lv' ? /bez\s+maksas|bezmaksas/i : /бесплатн/i;
    // our service, the comparison, the application, the consultant, complaints and data requests
    const ours =
      lang === 'lv'
        ? /pakalpojum|salīdzināšan|pieteikum|konsultāc|Kreditkompass|sūdzīb|atbildi\s+sniedzam|strīd|patērētājam|tev|jums\s+mūsu|mēs\s+neprasām|par\s+pakalpojumu/i
        : /услуг|сравнени|заявк|консультац|Kreditkompass|жалоб|отвечаем|потребителя|сервис/i;
    const loose = all
      .flatMap(({ where, text }) => sentences(text).map((sentence) => ({ where, sentence })))
      .filter(({ sentence }) => free.test(sentence) && !ours.test(sentence))
      .map(({ where, sentence }) => `${where}: ${sentence}`);
    expect(loose).toEqual([]);
  });

  it('puts the savings figure as the result of comparing offers, never of borrowing', () => {
    const savings = all.filter(({ text }) => /3\s?816/.test(text));
    expect(savings.length).toBeGreaterThan(0);
    for (const { where, text } of savings) {
      expect(text, where).toMatch(lang === 'lv' ? /salīdzin/i : /сравни/i);
      expect(text, where).toMatch(lang === 'lv' ? /mazāk nekā par dārgāko/i : /меньше, чем по самому дорогому/i);
    }
  });
});
