import fontsUrl from '../styles/fonts.scss?url';

/**
 * The web fonts' faces (Montserrat and Open Sans, about 230 kB of woff2 on a Latvian page), added
 * once the page has loaded and painted: the text paints at once in the metric-matched fallbacks
 * (font-fallbacks.css) instead of waiting for eleven font files, which held the home page's first
 * paint and LCP on a slow phone (Lighthouse mobile LCP 1.5-2.2 s). Cached after the first page,
 * the faces then swap in within a frame or two.
 */
export function loadWebFonts(window: Window): void {
  const { document } = window;
  const add = () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = fontsUrl;
    document.head.append(link);
  };
  // after the frame that paints the page, not before it
  const afterPaint = () => window.requestAnimationFrame(() => window.setTimeout(add, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}
