// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { allResources } from '../../i18n/all-resources.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { PublishersPage } from './PublishersPage.tsx';
import { SnippetGenerator } from './SnippetGenerator.tsx';

const resources = allResources();

const renderIn = (lang: 'lv' | 'ru') =>
  render(
    <I18nextProvider i18n={createI18n(lang, resources)}>
      <PublishersPage generator={<SnippetGenerator />} />
    </I18nextProvider>,
  );

/** The words a reader sees, code left out: code is the contract's own names. */
function proseWords(root: HTMLElement): string[] {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const code of copy.querySelectorAll('code, pre')) code.remove();
  return (copy.textContent ?? '').match(/\p{L}+/gu) ?? [];
}

/** Latin-script words the Russian page may use: names of products, companies and technologies. */
const LATIN_IN_RUSSIAN = new Set([
  'Kreditkompass',
  'JavaScript',
  'API',
  'React',
  'Vue',
  'Angular',
  'DOM',
  'CSS',
  'HTML',
  'UTM',
  'script',
  'Ctrl',
  'Mac',
  'C',
  'info',
  'kreditkompass',
  'lv',
  'https',
  'www',
]);
const ENGLISH =
  /^(the|and|or|with|for|widget|widgets|copy|copied|preview|loader|calculator|application|events?|publisher|snippet|settings|default|language|amount|term|purpose|campaign|source|medium|mode|error|invalid|expected|option|options)$/i;

describe.each(['lv', 'ru'] as const)('the publishers page in %s', (lang) => {
  it('has one h1 and headings that never skip a level', () => {
    renderIn(lang);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 1), `heading ${index}`).toBeLessThanOrEqual(1);
    });
  });

  it('holds the snippet generator, with a titled preview', () => {
    const { container } = renderIn(lang);
    const preview = container.querySelector('iframe');
    expect(preview?.getAttribute('title')).toMatch(/\S/);
    expect(preview?.getAttribute('src')).toBe(`/widget/v1/calculator?lang=${lang}&amount=5000&term=60`);
  });

  it('names every event of the protocol and its DOM event as code', () => {
    const { container } = renderIn(lang);
    const codes = [...container.querySelectorAll('code')].map((code) => code.textContent);
    for (const name of [
      'calculationChanged',
      'loanwidget:calculationchanged',
      'offersReady',
      'loanwidget:offersready',
    ]) {
      expect(codes).toContain(name);
    }
    expect(codes).toEqual(expect.arrayContaining(['data-publisher-id', 'data-utm-source', 'data-click-id']));
  });

  it('has no English in its prose', () => {
    const { container } = renderIn(lang);
    const words = proseWords(container);
    expect(words.length).toBeGreaterThan(300);
    expect(words.filter((word) => ENGLISH.test(word))).toEqual([]);
    if (lang === 'ru') {
      expect(words.filter((word) => /^[A-Za-z]+$/.test(word) && !LATIN_IN_RUSSIAN.has(word))).toEqual([]);
    }
  });
});
