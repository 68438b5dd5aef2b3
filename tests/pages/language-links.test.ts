import { describe, expect, it } from 'vitest';
import { PAGES } from '../../domain/site-pages.ts';
import { linksNamed, prerendered } from './support/prerendered.ts';

/**
 * The language switch of every page: a plain link in the header, named in the language it leads to,
 * to the same page in the other language, which speaks that language. A click on it is a browser
 * following a link: tests/e2e/language-switch.spec.ts clicks it both ways on a page.
 */

const switchOf = (path: string, name: string) => {
  const links = linksNamed(prerendered(path), name);
  expect(links, `${path}: one link named ${name}`).toHaveLength(1);
  return links[0]?.getAttribute('href') ?? '';
};
const langOf = (path: string) => prerendered(path).documentElement.getAttribute('lang');

describe.each(PAGES.map((entry) => [entry.paths.lv, entry.paths.ru] as const))('%s ⇄ %s', (lvPath, ruPath) => {
  it('each links to the other under the other language’s name, and each speaks its own', () => {
    expect(switchOf(lvPath, 'Русский')).toBe(ruPath);
    expect(langOf(ruPath)).toBe('ru');
    expect(switchOf(ruPath, 'Latviešu')).toBe(lvPath);
    expect(langOf(lvPath)).toBe('lv');
  });
});

it('the second Russian FAQ path switches to the Latvian FAQ', () => {
  expect(switchOf('/ru/faq', 'Latviešu')).toBe('/buj');
});
