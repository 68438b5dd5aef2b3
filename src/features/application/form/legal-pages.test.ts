import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../domain/language.ts';
import { pagePath } from '../../../../domain/site-pages.ts';
import { LEGAL_PAGES } from './legal-pages.ts';

describe('LEGAL_PAGES', () => {
  it.each(LANGUAGES)('are the page registry’s terms, privacy policy and intermediary page in %s', (language) => {
    expect(LEGAL_PAGES[language]).toEqual({
      terms: pagePath('terms', language),
      privacy: pagePath('privacy', language),
      intermediary: pagePath('intermediary', language),
    });
  });
});
