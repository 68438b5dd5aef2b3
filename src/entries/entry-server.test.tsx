// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { allPagePaths, resolvePage } from '../../domain/site-pages.ts';
import { LENDER_COUNT } from '../../generated/lender-count.ts';
import { publishedFragments, renderResolved, type PageAssets } from './entry-server.tsx';

const ASSETS: PageAssets = { script: '/assets/site.js', styles: [], fontPreloads: [] };

/** The page as the prerenderer writes it, parsed the way a browser would. */
function prerendered(path: string): Document {
  const resolved = resolvePage(path);
  if (!resolved) throw new Error(`no page at ${path}`);
  return new DOMParser().parseFromString(renderResolved(resolved, ASSETS), 'text/html');
}

describe('the islands the entries place into the pages', () => {
  it.each([
    ['/', 'consumer', 5000, 60, { showExample: false }],
    ['/ru/avtokredit', 'car', 12_000, 72, {}],
    ['/kreditu-apvienosana', 'refinancing', 8000, 84, {}],
  ])('%s holds the calculator with its product’s starting figures', (path, product, amount, term, extra) => {
    const islands = prerendered(path).querySelectorAll<HTMLElement>('[data-island="calculator"]');
    expect(islands).toHaveLength(1);
    expect(JSON.parse(islands[0]?.dataset.props ?? '')).toEqual({ amount, term, product, ...extra });
    expect(islands[0]?.querySelector('input[type="range"], [role="slider"]')).not.toBeNull();
  });

  it.each(['/partneriem', '/ru/partneram'])('%s holds the snippet generator with a script of its own', (path) => {
    const island = prerendered(path).querySelector<HTMLElement>('[data-island="snippetGenerator"]');
    expect(island?.dataset.ownScript).toBe('');
    expect(island?.querySelector('iframe')?.getAttribute('title')).toMatch(/\S/);
  });
});

describe('the home page’s headline rate', () => {
  it.each([
    ['/', 'Uzmanību! Aizņemties naudu maksā naudu.', /Procentu likme no 6,9\s?%, reprezentatīvā GPL \d+,\d+\s?%/],
    ['/ru', 'Внимание! Заём денег стоит денег.', /Процентная ставка от 6,9\s?%, репрезентативная ГПС \d+,\d+\s?%/],
    ['/v2', 'Uzmanību! Aizņemties naudu maksā naudu.', /Procentu likme no 6,9\s?%/],
  ])(
    '%s shows it with its APR, the warning in its size beside it, and one representative example',
    (path, warning, rate) => {
      const page = prerendered(path);
      const hero = page.querySelector('.hero__text');
      expect(hero?.querySelector('.hero__rate')?.textContent).toMatch(rate);
      const headlineWarning = hero?.querySelector('.hero__rate + .warning--headline');
      expect(headlineWarning?.textContent).toBe(warning);
      expect(hero?.querySelector('.rep-example')).not.toBeNull();
      expect(page.querySelectorAll('.rep-example')).toHaveLength(1);
      expect(page.querySelector('.calculator [role="note"]')?.textContent).toBe(warning);
    },
  );
});

describe('the number of lenders', () => {
  const n = LENDER_COUNT;
  it.each([
    ['/', 'main', `līdz pat ${n} bankām un licencētiem aizdevējiem`],
    ['/ru', 'main', `до ${n} банков и лицензированных кредиторов`],
    ['/', 'meta[name="description"]', `no līdz ${n} bankām un licencētiem aizdevējiem`],
    ['/ru', 'meta[name="description"]', `до ${n} банков и лицензированных кредиторов`],
    ['/konfidencialitates-politika', 'main', `(ne vairāk kā ${n})`],
    ['/ru/sovety/kak-sekonomit-na-svadbe', 'main', `всего их до ${n}`],
  ])('%s states the registry’s figure in %s', (path, selector, text) => {
    const element = prerendered(path).querySelector(selector);
    expect(element?.getAttribute('content') ?? element?.textContent).toContain(text);
  });

  it('leaves no placeholder unfilled on any page or published fragment', () => {
    for (const path of allPagePaths()) {
      const resolved = resolvePage(path);
      if (!resolved) throw new Error(`no page at ${path}`);
      expect(renderResolved(resolved, ASSETS), path).not.toMatch(/\{\{|\}\}/);
    }
    for (const fragment of publishedFragments()) expect(fragment.html, fragment.name).not.toMatch(/\{\{|\}\}/);
  });
});
