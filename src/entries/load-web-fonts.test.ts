import { describe, expect, it } from 'vitest';
import { cameFromCache, drawsAny } from './load-web-fonts.ts';

describe('which faces a page’s text needs', () => {
  // fontsource's ranges, as the browser gives them back
  const LATIN_EXT = 'U+100-2BA, U+2BD-2C5, U+2C7-2CC, U+2CE-2D7, U+2DD-2FF, U+304, U+308, U+329, U+1E00-1E9F';
  const CYRILLIC = 'U+301, U+400-45F, U+490-491, U+4B0-4B1, U+2116';

  it('a Latvian text draws latin-ext, not cyrillic', () => {
    expect(drawsAny(LATIN_EXT, 'Saņemt piedāvājumus')).toBe(true);
    expect(drawsAny(CYRILLIC, 'Saņemt piedāvājumus')).toBe(false);
  });

  it('a Russian text draws cyrillic, and plain ASCII neither', () => {
    expect(drawsAny(CYRILLIC, 'Получить предложения')).toBe(true);
    expect(drawsAny(LATIN_EXT, 'Получить предложения')).toBe(false);
    expect(drawsAny(LATIN_EXT, 'Kredit 5000 EUR')).toBe(false);
  });

  it('reads single points, ranges and wildcards', () => {
    expect(drawsAny('U+2116', '№ 5')).toBe(true);
    expect(drawsAny('U+4??', 'Ж')).toBe(true);
    expect(drawsAny('U+4??', 'Z')).toBe(false);
  });
});

describe('whether an earlier page loaded the fonts', () => {
  const SHEET = 'https://www.kreditkompass.lv/assets/fonts-abc.css';
  const timing = (...entries: object[]) => ({
    performance: {
      getEntriesByName: (name: string, type: string) => (name === SHEET && type === 'resource' ? entries : []),
    } as unknown as Performance,
  });

  it('the style sheet from the cache (nothing transferred, a body decoded): yes', () => {
    expect(cameFromCache(timing({ transferSize: 0, decodedBodySize: 2400 }), SHEET)).toBe(true);
  });

  it('the style sheet over the network, then: no, the first page keeps its fallbacks', () => {
    expect(cameFromCache(timing({ transferSize: 900, decodedBodySize: 2400 }), SHEET)).toBe(false);
    expect(
      cameFromCache(
        timing({ transferSize: 0, decodedBodySize: 2400 }, { transferSize: 900, decodedBodySize: 2400 }),
        SHEET,
      ),
    ).toBe(false);
  });

  it('a browser that cannot tell adds the faces, as before', () => {
    expect(cameFromCache(timing(), SHEET)).toBe(true);
    expect(cameFromCache(timing({ duration: 12 }), SHEET)).toBe(true);
  });
});
