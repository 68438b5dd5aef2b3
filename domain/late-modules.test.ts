// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATE_MODULES_SCRIPT, LATE_MODULES_WAIT_MS, takeEarlyInput } from './late-modules.ts';

const MODULES = '/assets/workflow-a.js /assets/page-b.js';
const PRELOADS = '/assets/site-c.js';

/** The page's inline script, run as the browser runs it from the head, with the browser's observer or without. */
function runScript(observer?: typeof PerformanceObserver): void {
  const own = document.createElement('script');
  own.setAttribute('data-modules', MODULES);
  own.setAttribute('data-preloads', PRELOADS);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(own);
  vi.stubGlobal('PerformanceObserver', observer);
  new Function(LATE_MODULES_SCRIPT)();
}

/** What the head asks for: module scripts and preloads, in order. */
const asked = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((element) =>
    element instanceof HTMLScriptElement
      ? `script ${element.getAttribute('src')}`
      : `preload ${element.getAttribute('href')}`,
  );

const LOADED = ['preload /assets/site-c.js', 'script /assets/workflow-a.js', 'script /assets/page-b.js'];

/** A browser that reports the largest contentful paint when the test says. */
function paintReportingObserver() {
  let report: () => void = () => undefined;
  class Observer {
    static readonly supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    constructor(callback: (entries: { getEntries: () => unknown[] }) => void) {
      report = () => callback({ getEntries: () => [{ startTime: 120 }] });
    }
    observe() {}
    disconnect() {}
  }
  return { Observer: Observer as unknown as typeof PerformanceObserver, paint: () => report() };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.replaceChildren();
  document.body.replaceChildren();
  delete (window as { kkEarlyInput?: unknown }).kkEarlyInput;
});

describe("the pages' inline script", () => {
  it('asks for nothing until the largest paint is reported, then for the preloads and the modules in order', () => {
    const browser = paintReportingObserver();
    runScript(browser.Observer);
    vi.advanceTimersByTime(LATE_MODULES_WAIT_MS - 1);
    expect(asked()).toEqual([]);
    browser.paint();
    expect(asked()).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(asked()).toEqual(LOADED);
  });

  it('asks once the wait is over when no largest paint is reported (a page opened in the background)', () => {
    runScript(paintReportingObserver().Observer);
    vi.advanceTimersByTime(LATE_MODULES_WAIT_MS - 1);
    expect(asked()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked()).toEqual(LOADED.slice(0, 1));
    vi.advanceTimersByTime(2);
    expect(asked()).toEqual(LOADED);
    vi.runAllTimers();
    expect(asked()).toEqual(LOADED);
  });

  it('asks after the first frame in a browser that reports no largest paint', () => {
    runScript(undefined);
    expect(asked()).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(asked()).toEqual(LOADED);
  });

  it("asks at once at the person's first key, and notes the interaction and the banner's presses for the modules", () => {
    runScript(paintReportingObserver().Observer);
    document.body.innerHTML = '<button data-cookie-action="accept">Pieņemt visas</button><p>text</p>';
    document.querySelector('p')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(asked()).toEqual([]);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    // the first at once, the others each in a task of its own
    expect(asked()).toEqual(LOADED.slice(0, 1));
    vi.advanceTimersToNextTimer();
    expect(asked()).toEqual(LOADED.slice(0, 2));
    vi.advanceTimersToNextTimer();
    expect(asked()).toEqual(LOADED);
    const accept = document.querySelector('button') as HTMLButtonElement;
    accept.click();

    const early = takeEarlyInput(window);
    expect(early.interacted).toBe(true);
    expect(early.cookieActions).toEqual([accept]);
    // from now on the banner's own script hears the presses
    accept.click();
    expect(takeEarlyInput(window).cookieActions).toEqual([accept]);
  });

  it('asks at once when a field is filled without a key, as autofill does', () => {
    runScript(paintReportingObserver().Observer);
    document.body.innerHTML = '<input name="firstname" />';
    expect(asked()).toEqual([]);
    document.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }));
    expect(asked()).toEqual(LOADED.slice(0, 1));
    vi.runAllTimers();
    expect(asked()).toEqual(LOADED);
    expect(takeEarlyInput(window).interacted).toBe(true);
  });

  it('gives the modules nothing to replay when the person did nothing', () => {
    runScript(paintReportingObserver().Observer);
    expect(takeEarlyInput(window)).toMatchObject({ interacted: false, cookieActions: [] });
  });
});
