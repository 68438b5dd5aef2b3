// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedSnippet, LOADER_FALLBACK_MS, loaderTags } from './snippet.ts';

const LOADER = 'https://widgets.example/widget/v1/loader.js';

/** Runs the snippet's inline script as the page would, while the page is in the given state of loading. */
function runScript(readyState: DocumentReadyState): void {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
  const code = /^<script>(.*)<\/script>$/.exec(loaderTags(LOADER))?.[1];
  if (!code) throw new Error('the loader tags are not one inline script');
  new Function(code)();
}

const loaders = () => [...document.head.querySelectorAll('script')].filter((script) => script.src === LOADER);

/** A browser that reports the largest contentful paint when the test says (`paint`), and never otherwise. */
function paintReportingBrowser() {
  let report: () => void = () => undefined;
  class Observer {
    static readonly supportedEntryTypes = ['largest-contentful-paint'];
    constructor(callback: (entries: { getEntries: () => unknown[] }, observer: Observer) => void) {
      report = () => callback({ getEntries: () => [{ startTime: 130 }] }, this);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return { paint: () => report() };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.replaceChildren();
  delete (window as { LoanWidget?: unknown }).LoanWidget;
});

describe("the snippet's script", () => {
  it('keeps the calls made before the loader arrives', () => {
    runScript('complete');
    const api = (window as unknown as { LoanWidget: ((...args: unknown[]) => void) & { q: IArguments[] } }).LoanWidget;
    api('mount', '#slot', { widget: 'calculator' });
    expect(api.q.map((call) => Array.from(call))).toEqual([['mount', '#slot', { widget: 'calculator' }]]);
  });

  it("adds the loader only after the page's load event and its next paint, so the page's largest paint never waits for it", () => {
    vi.useFakeTimers();
    runScript('interactive');
    expect(loaders()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(loaders()).toHaveLength(1);
    expect(loaders()[0]?.async).toBe(true);
  });

  it('in a browser that reports the largest paint, adds the loader only after that paint and the next frame', () => {
    vi.useFakeTimers();
    const browser = paintReportingBrowser();
    runScript('interactive');
    // the page's load comes first on a short article: the loader still waits for the paint
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(LOADER_FALLBACK_MS - 1);
    expect(loaders()).toEqual([]);
    browser.paint();
    vi.advanceTimersByTime(20);
    expect(loaders()).toHaveLength(1);
    vi.runAllTimers();
    expect(loaders()).toHaveLength(1);
  });

  it('adds the loader a while after the load when the largest paint is never reported (a background tab)', () => {
    vi.useFakeTimers();
    paintReportingBrowser();
    runScript('interactive');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(LOADER_FALLBACK_MS - 1);
    expect(loaders()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loaders()).toHaveLength(1);
  });

  it('adds the loader at once to a page that has already loaded', () => {
    runScript('complete');
    expect(loaders()).toHaveLength(1);
  });

  it('keeps the widget its space from the first paint, whatever its kind', () => {
    for (const kind of ['calculator', 'application'] as const) {
      expect(embedSnippet(kind, { lang: 'ru' }, LOADER).split('\n')[0]).toBe(
        `<div data-loan-widget="${kind}" data-lang="ru" style="min-height: 100vh"></div>`,
      );
    }
  });

  it('cannot be ended early by the address it names', () => {
    expect(loaderTags('https://x.example/</script><script>alert(1)</script>')).not.toMatch(/<\/script>.*<\/script>/);
  });
});
