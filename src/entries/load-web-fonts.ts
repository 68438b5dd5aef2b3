import fontsUrl from '../styles/fonts.scss?url';

/** How long to wait for the browser to report the largest contentful paint before adding the faces anyway. */
const LCP_WAIT_MS = 1000;

/**
 * The web fonts' faces (Montserrat and Open Sans, about 230 kB of woff2 on a Latvian page), added
 * once the page has loaded and its largest text has painted: the text paints at once in the
 * metric-matched fallbacks (font-fallbacks.css) instead of waiting for eleven font files, which held
 * the home page's first paint and LCP on a slow phone (Lighthouse mobile LCP 1.5-2.2 s). Cached
 * after the first page, the faces then swap in within a frame or two.
 *
 * Where the browser reports the largest contentful paint, the faces wait for that report: added one
 * frame after `load`, their requests sometimes began before the paint's presentation, and Lighthouse
 * then counted the eleven font downloads into the LCP (bimodal audits of the home page: 1.0 s or 1.35 s).
 */
export function loadWebFonts(window: Window): void {
  const { document } = window;
  let added = false;
  const add = () => {
    if (added) return;
    added = true;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = fontsUrl;
    document.head.append(link);
  };
  // after the frame that paints the page, not before it
  const afterPaint = () => window.requestAnimationFrame(() => window.setTimeout(add, 0));
  const afterLargestPaint = () => {
    const Observer = (window as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
    if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) return afterPaint();
    const fallback = window.setTimeout(add, LCP_WAIT_MS);
    const observer = new Observer((entries) => {
      if (entries.getEntries().length === 0) return;
      observer.disconnect();
      window.clearTimeout(fallback);
      afterPaint();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  };
  if (document.readyState === 'complete') afterLargestPaint();
  else window.addEventListener('load', afterLargestPaint, { once: true });
}
