/** How long the page waits for the browser's largest-contentful-paint report before it asks for its modules anyway. */
export const LATE_MODULES_WAIT_MS = 1000;

/** What the person did before the page's modules came, as the inline script noted it (`window.kkEarlyInput`). */
export interface EarlyInput {
  /** a press, a key, a touch or the wheel: what lets the consented third-party tools load */
  interacted: boolean;
  /** the cookie banner's buttons pressed, in order: their press is made again once the banner's script has them */
  readonly cookieActions: Element[];
  /** set by the modules once they have read it: the inline script then stops noting */
  taken: boolean;
}

/** The early input, once: the modules handle what comes after. */
export function takeEarlyInput(window: Window): EarlyInput {
  const early = (window as Window & { kkEarlyInput?: EarlyInput }).kkEarlyInput;
  const taken: EarlyInput = {
    interacted: early?.interacted ?? false,
    cookieActions: [...(early?.cookieActions ?? [])],
    taken: true,
  };
  if (early) early.taken = true;
  return taken;
}

/**
 * The site's pages ask for their modules once their largest text has painted, not while it paints, or at the
 * person's first press, key or touch if that comes sooner. The pages are whole HTML (the first step's form works
 * before any script: typing is kept and adopted), so no script is needed for the first paint; but every module in the
 * head is fetched at once with a high priority, and on a slow phone's line the half a dozen of them took the
 * bandwidth and connections the style sheets needed (Lighthouse mobile: the wizard's LCP 1.3 s with them in the head,
 * 0.93 s without). The fonts wait the same way (load-web-fonts.ts).
 *
 * Until the modules come, it notes the person's input (EarlyInput): a press on the cookie banner is not lost, and an
 * interaction counts for the tools that wait for one. Input in a field counts too: a form filled by the browser's
 * autofill or a paste, with no key or press on the page, would otherwise leave the first step's button unheld until
 * the largest paint's report, and a press then posted the form to the page (the first step's script holds it).
 *
 * It is the pages' one inline script, the same on every page (the policy allows it by its hash): it reads what to load
 * from its own attributes, `data-modules` (the page's scripts, in order) and `data-preloads` (the modules they import,
 * asked for beside them instead of after them). A browser that reports no largest contentful paint loads them after
 * the first frame. Each is asked for in a task of its own: starting a fetch costs a slow phone's main thread a few
 * milliseconds, and the four of the wizard's first step together made one long task (60 ms at 4x CPU).
 */
export const LATE_MODULES_SCRIPT = `(function () {
  var d = document, w = window, own = d.currentScript, asked = false;
  var early = (w.kkEarlyInput = { interacted: false, cookieActions: [], taken: false });
  function list(name) {
    return (own.getAttribute(name) || '').split(' ').filter(Boolean);
  }
  function preload(href) {
    return function () {
      var link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      d.head.appendChild(link);
    };
  }
  function moduleScript(src) {
    return function () {
      var script = d.createElement('script');
      script.type = 'module';
      script.src = src;
      d.head.appendChild(script);
    };
  }
  function load() {
    if (asked) return;
    asked = true;
    var asks = list('data-preloads').map(preload).concat(list('data-modules').map(moduleScript));
    (function next() {
      var ask = asks.shift();
      if (!ask) return;
      ask();
      if (asks.length) w.setTimeout(next, 0);
    })();
  }
  function note(event) {
    if (early.taken) return;
    if (event.type === 'click') {
      var action = event.target instanceof Element && event.target.closest('[data-cookie-action]');
      if (action) early.cookieActions.push(action);
      return;
    }
    early.interacted = true;
    load();
  }
  ['pointerdown', 'keydown', 'touchstart', 'wheel', 'click', 'input'].forEach(function (type) {
    d.addEventListener(type, note, { capture: true, passive: true });
  });
  function afterPaint() {
    w.requestAnimationFrame(function () { w.setTimeout(load, 0); });
  }
  var Observer = w.PerformanceObserver;
  if (!Observer || !Observer.supportedEntryTypes || Observer.supportedEntryTypes.indexOf('largest-contentful-paint') < 0) {
    afterPaint();
    return;
  }
  w.setTimeout(load, ${LATE_MODULES_WAIT_MS});
  var observer = new Observer(function (entries) {
    if (entries.getEntries().length === 0) return;
    observer.disconnect();
    afterPaint();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
})();`;
