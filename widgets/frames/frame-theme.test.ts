// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, contrastWithWhite, markTestMode } from './frame-theme.ts';

const NONE = { textColor: null, accentColor: null, font: null };
const property = (name: string) => document.documentElement.style.getPropertyValue(name);

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
  document.body.replaceChildren();
});

describe('contrastWithWhite', () => {
  it('is 21 for black, 1 for white, and WCAG figures between', () => {
    expect(contrastWithWhite('#000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });
});

describe('applyTheme', () => {
  it("sets the site's colour and font properties through the CSSOM, never a style attribute in markup", () => {
    applyTheme(document, { textColor: '#1a1a1a', accentColor: '#0b4f6c', font: 'Georgia, serif' });
    expect(property('--color-ink')).toBe('#1a1a1a');
    expect(property('--color-accent')).toBe('#0b4f6c');
    expect(property('--color-brand')).toBe('#0b4f6c');
    expect(property('--color-accent-dark')).toContain('#0b4f6c');
    expect(property('--font-text')).toBe('Georgia, serif');
    expect(property('--font-heading')).toBe('Georgia, serif');
  });

  it('leaves out a colour that would be unreadable on white', () => {
    applyTheme(document, { ...NONE, textColor: '#dddddd', accentColor: '#ffcc00' });
    expect(property('--color-ink')).toBe('');
    expect(property('--color-accent')).toBe('');
  });

  it('changes nothing without options', () => {
    applyTheme(document, NONE);
    expect(document.documentElement.getAttribute('style')).toBeNull();
  });
});

describe("the widget's own face", () => {
  /** A FontFaceSet whose faces arrive after `ms`, as from the browser's cache (at once) or the network (later). */
  const facesAfter = (ms: number) => {
    const load = vi.fn(() => new Promise<FontFace[]>((resolve) => setTimeout(() => resolve([{} as FontFace]), ms)));
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
    return load;
  };
  afterEach(() => {
    Reflect.deleteProperty(document, 'fonts');
    vi.useRealTimers();
  });

  it('draws the widget when its files come at once, from the cache', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<h1>Meklējam labāko kredītu</h1>';
    const load = facesAfter(5);
    applyTheme(document, NONE);
    expect(load).toHaveBeenCalledWith('1em "Open Sans"', 'Meklējam labāko kredītu');
    await vi.advanceTimersByTimeAsync(5);
    expect(document.documentElement).toHaveClass('widget-themed');
  });

  it('leaves the metric twin for the page when the files take longer, and loads them for the next', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<h1>Ищем лучший кредит</h1>';
    const load = facesAfter(400);
    applyTheme(document, NONE);
    await vi.advanceTimersByTimeAsync(400);
    expect(load).toHaveBeenCalledOnce();
    expect(document.documentElement).not.toHaveClass('widget-themed');
  });

  it("is not loaded for a widget in the publisher's font", () => {
    const load = facesAfter(0);
    applyTheme(document, { ...NONE, font: 'Georgia, serif' });
    expect(load).not.toHaveBeenCalled();
    expect(document.documentElement).toHaveClass('widget-themed');
  });
});

describe('markTestMode', () => {
  it('shows the test-mode band and marks the page', () => {
    document.body.innerHTML = '<p id="widget-test-mode" hidden>Testa režīms</p>';
    markTestMode(document);
    expect(document.getElementById('widget-test-mode')?.hidden).toBe(false);
    expect(document.documentElement).toHaveClass('test-mode');
  });
});
