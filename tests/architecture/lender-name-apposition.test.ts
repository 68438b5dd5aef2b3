import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECCI_WORDS } from '../../server/offers/standard-information-words.ts';

/**
 * A lender's name is a brand: Latvian and Russian cannot decline it ("ar Ziemeļu Banka", "с Ziemeļu Banka",
 * "Ziemeļu Banka piedāvājums" are wrong). So every sentence that names a lender puts the name beside the noun
 * "aizdevējs" / "kreditors" / "кредитор", which takes the case ("ar aizdevēju Ziemeļu Banka", "aizdevēja Ziemeļu
 * Banka piedāvājums", "с кредитором Ziemeļu Banka"), or lets the name stand alone as a label's value
 * ("Jauns piedāvājums: Ziemeļu Banka", "Ziemeļu Banka (banka)"), where it is nominative and nothing declines.
 */

/**
 * The placeholders texts name a lender by: i18next's `{{lender}}`, the standard information's `{lender}`, and in the
 * form's list of lenders (lenders.json) `{{name}}`.
 */
const LENDER_PLACEHOLDER = /\{\{\s*lender\s*\}\}|\{lender\}/g;
const LENDERS_FILE_PLACEHOLDER = /\{\{\s*(?:lender|name)\s*\}\}/g;
/** The noun, in any case and number. */
const NOUN = { lv: /^(aizdevēj|kreditor)/iu, ru: /^кредитор/iu } as const;

type Language = keyof typeof NOUN;

/** Where in `text` a lender's name would sit in a case it cannot take: the placeholder with its surroundings. */
function lenderNameProblems(text: string, language: Language, placeholder = LENDER_PLACEHOLDER): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(placeholder)) {
    const before = text.slice(0, match.index).trimEnd();
    const after = text.slice(match.index + match[0].length);
    const previousWord = /([\p{L}-]+)$/u.exec(before)?.[1] ?? '';
    const besideNoun = NOUN[language].test(previousWord);
    // alone: the text starts with the name or a label's colon comes before it, and no word follows it at once
    const alone = (before === '' || before.endsWith(':')) && !/^\s*\p{L}/u.test(after);
    if (!besideNoun && !alone) problems.push(`…${before.slice(-30)} ${match[0]}${after.slice(0, 20)}…`);
  }
  return problems;
}

/** Every string of a parsed JSON file or an object of words, with its key path. */
function stringsOf(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => stringsOf(inner, path ? `${path}.${key}` : key));
  }
  return [];
}

const LOCALES = join(import.meta.dirname, '../../locales');
const localeStrings = (language: Language): [string, string][] =>
  readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      stringsOf(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as unknown, `${language}/${file}:`),
    );

describe('a lender named in a Latvian or Russian sentence stands beside the noun that takes the case', () => {
  it.each(['lv', 'ru'] as const)('in every %s locale string', (language) => {
    const strings = localeStrings(language);
    // the scan finds the lender sentences at all (the offers, chosen, signing, paid screens and the account)
    expect(strings.filter(([, text]) => text.match(LENDER_PLACEHOLDER)).length).toBeGreaterThan(10);
    const problems = strings.flatMap(([key, text]) =>
      lenderNameProblems(text, language, key.includes('/lenders.json:') ? LENDERS_FILE_PLACEHOLDER : undefined).map(
        (at) => `${key} ${at}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it.each(['lv', 'ru'] as const)('in the standard information (%s, HTML and PDF)', (language) => {
    const problems = stringsOf(SECCI_WORDS[language], language).flatMap(([key, text]) =>
      lenderNameProblems(text, language).map((at) => `${key} ${at}`),
    );
    expect(problems).toEqual([]);
  });

  it('refuses the sentences that declined a brand, and takes apposition and labels', () => {
    const refused: [string, Language][] = [
      ['Parakstīt līgumu ar {{lender}}', 'lv'],
      ['Līgumu pie {{lender}} parakstāt tiešsaistē', 'lv'],
      ['Jūs izvēlējāties {{lender}} piedāvājumu.', 'lv'],
      ['Ziņa {{lender}} (nav obligāta)', 'lv'],
      ['Eiropas patēriņa kredīta standarta informācija: {lender} piedāvājums', 'lv'],
      ['Подписать договор с {{lender}}', 'ru'],
      ['Выбрать предложение {{lender}}', 'ru'],
      ['о предложении {{lender}}, открывается в новой вкладке', 'ru'],
    ];
    for (const [text, language] of refused) expect(lenderNameProblems(text, language), text).toHaveLength(1);
    const taken: [string, Language][] = [
      ['Parakstīt līgumu ar aizdevēju {{lender}}', 'lv'],
      ['Jūs izvēlējāties aizdevēja {{lender}} piedāvājumu.', 'lv'],
      ['Ziņa aizdevējam {{lender}} (nav obligāta)', 'lv'],
      ['Aizdevējs {{lender}} ir izmaksājis {{amount}}', 'lv'],
      ['Eiropas patēriņa kredīta standarta informācija: kreditora {lender} piedāvājums', 'lv'],
      ['Jauns piedāvājums: {{lender}}', 'lv'],
      ['{lender} ({kind})', 'lv'],
      ['Подписать договор с кредитором {{lender}}', 'ru'],
      ['Выбрать предложение: {{lender}}', 'ru'],
    ];
    for (const [text, language] of taken) expect(lenderNameProblems(text, language), text).toEqual([]);
  });
});
