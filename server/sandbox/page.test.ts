import { describe, expect, it } from 'vitest';
import { escapeHtml, field, html, parseHttpUrl, renderPage } from './page.ts';

describe('simulator page helpers', () => {
  it('escapes interpolated values unless they are html', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"x" & \'y\''}">${inner}${['<', 1, null, false]}</p>`.safeHtml).toBe(
      '<p title="&quot;x&quot; &amp; &#39;y&#39;"><b>&lt;i&gt;</b>&lt;1</p>',
    );
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });

  it('renders a page with its language and an escaped title', () => {
    const page = renderPage({ lang: 'ru', title: 'A <b>', body: html`<p>x</p>` });
    expect(page.startsWith('<!doctype html><html lang="ru">')).toBe(true);
    expect(page).toContain('<title>A &lt;b&gt;</title>');
    expect(page).not.toContain('<script');
  });

  it('reads single string fields only, and http(s) URLs only', () => {
    expect(field({ a: 'x', b: ['y'] }, 'a')).toBe('x');
    expect(field({ a: 'x', b: ['y'] }, 'b')).toBe('');
    expect(field({}, 'toString')).toBe('');
    expect(parseHttpUrl('https://example.com/a?b=1')?.hostname).toBe('example.com');
    expect(parseHttpUrl('javascript:alert(1)')).toBeNull();
    expect(parseHttpUrl('https://user:pw@example.com/')).toBeNull();
    expect(parseHttpUrl('/relative')).toBeNull();
  });
});
