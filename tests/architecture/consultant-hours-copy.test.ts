import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSULTANT_HOURS, clockText } from '../../domain/consultant-hours.ts';

/**
 * The consultant hours are one configuration (domain/consultant-hours.ts): the footer, the accessibility page and the
 * call requests read it. Some of the site's prose (the FAQ, the home page, the product pages) states them in words a
 * content file keeps as they are; this keeps that prose from telling other hours than the configuration's.
 */

const LOCALES = join(import.meta.dirname, '../../locales');
/** "no 8:00 līdz 19:00", "с 8:00 до 19:00", "8:00–19:00" */
const HOURS_IN_WORDS = /(\d{1,2}:\d{2})\s*(?:līdz|до|–|-)\s*(\d{1,2}:\d{2})/gu;

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  }
  return [];
}

describe('the consultant hours in the words of the site', () => {
  it.each(['lv', 'ru'])('%s: every sentence that states the hours states the configured ones', (language) => {
    const expected = `${clockText(CONSULTANT_HOURS.opens)}–${clockText(CONSULTANT_HOURS.closes)}`;
    const stated: string[] = [];
    const wrong: string[] = [];
    for (const file of readdirSync(join(LOCALES, language)).filter((name) => name.endsWith('.json'))) {
      const words = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as unknown;
      for (const [path, text] of strings(words, file)) {
        for (const match of text.matchAll(HOURS_IN_WORDS)) {
          stated.push(path);
          if (`${match[1]}–${match[2]}` !== expected) wrong.push(`${path}: ${match[0]}`);
        }
      }
    }
    expect(stated.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
