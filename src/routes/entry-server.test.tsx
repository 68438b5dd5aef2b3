// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { resolvePage } from '../../domain/site-pages.ts';
import { renderResolved, type PageAssets } from './entry-server.tsx';

const ASSETS: PageAssets = { script: '/assets/site.js', styles: [], fontPreloads: [] };

/** The page as the prerenderer writes it, parsed the way a browser would. */
function prerendered(path: string): Document {
  const resolved = resolvePage(path);
  if (!resolved) throw new Error(`no page at ${path}`);
  return new DOMParser().parseFromString(renderResolved(resolved, ASSETS), 'text/html');
}

describe('the islands the routes place into the pages', () => {
  it.each([
    ['/', 'consumer', 5000, 60],
    ['/ru/avtokredit', 'car', 12_000, 72],
    ['/kreditu-apvienosana', 'refinancing', 8000, 84],
  ])('%s holds the calculator with its product’s starting figures', (path, product, amount, term) => {
    const islands = prerendered(path).querySelectorAll<HTMLElement>('[data-island="calculator"]');
    expect(islands).toHaveLength(1);
    expect(JSON.parse(islands[0]?.dataset.props ?? '')).toEqual({ amount, term, product });
    expect(islands[0]?.querySelector('input[type="range"], [role="slider"]')).not.toBeNull();
  });

  it.each(['/partneriem', '/ru/partneram'])('%s holds the snippet generator with a script of its own', (path) => {
    const island = prerendered(path).querySelector<HTMLElement>('[data-island="snippetGenerator"]');
    expect(island?.dataset.ownScript).toBe('');
    expect(island?.querySelector('iframe')?.getAttribute('title')).toMatch(/\S/);
  });
});
