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
    void addFacesAtOnce(window).catch(() => addStyleSheet(document));
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

/**
 * Set on the root once the faces draw the page (`added`), or once their files are in the browser's cache for the
 * next page (`cached`): tests wait for it.
 */
export const FONTS_ADDED_ATTRIBUTE = 'data-web-fonts';

/** Text nodes read between two yields to the browser, and faces asked for at once. */
const TEXT_NODES_A_TURN = 80;
const FACES_A_TURN = 2;

/**
 * The faces of the fonts' style sheet, fetched first and given to the page in one frame: a style sheet of faces, once
 * added, has the browser lay the whole page out again when it is added and again as each file comes (a form of 550
 * elements took 170 to 280 ms each time on a phone's CPU, which was the wizard's total blocking time); faces loaded
 * apart and added at once cost one layout. The browser parses the sheet (never applied) and loads the faces whose
 * characters the page draws in their family and weight; the others are added unloaded and come if text of theirs
 * appears later.
 *
 * Even that one layout is a long task on a phone (about 170 ms on the home page at a quarter of this machine's
 * speed), so a visitor's first page stays in the metric-matched fallbacks, as `font-display: optional` would keep
 * it, and only puts the files in the browser's cache: the faces draw the page from the next one on, where they come
 * from the cache at once. The style sheet coming from the cache is what tells a later page from the first.
 * The reading and loading go in short turns, each well under a long task.
 */
async function addFacesAtOnce(window: Window): Promise<void> {
  const { document } = window;
  const response = await window.fetch(fontsUrl);
  const sheet = new CSSStyleSheet();
  await sheet.replace(await response.text());
  const seenBefore = cameFromCache(window, response.url);
  const faces = [...sheet.cssRules]
    .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
    .map((rule) => faceRuleOf(rule.style));
  await nextTurn(window);
  const drawn = await charactersByFace(window, faces);
  const needed = faces.filter((face) => drawsAnyOf(face.unicodeRange, drawn.get(face) ?? new Set()));
  const built = new Map<FaceRule, FontFace>();
  const loads: Promise<unknown>[] = [];
  for (let start = 0; start < needed.length; start += FACES_A_TURN) {
    for (const face of needed.slice(start, start + FACES_A_TURN)) {
      const fontFace = fontFaceOf(face);
      built.set(face, fontFace);
      loads.push(fontFace.load());
    }
    await nextTurn(window);
  }
  await Promise.allSettled(loads);
  if (!seenBefore) {
    document.documentElement.setAttribute(FONTS_ADDED_ATTRIBUTE, 'cached');
    return;
  }
  for (const face of faces) if (!built.has(face)) built.set(face, fontFaceOf(face));
  window.requestAnimationFrame(() => {
    for (const fontFace of built.values()) document.fonts.add(fontFace);
    document.documentElement.setAttribute(FONTS_ADDED_ATTRIBUTE, 'added');
  });
}

const nextTurn = (window: Window) => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/**
 * Whether the browser had the style sheet in its cache: then an earlier page of the site loaded it, and the faces it
 * drew with. A browser that cannot tell (no timing entry, or one without sizes: Safari before 16.4) adds the faces,
 * as every page did before this rule.
 */
export function cameFromCache(window: Pick<Window, 'performance'>, url: string): boolean {
  const entry = window.performance?.getEntriesByName(url, 'resource').at(-1) as
    Partial<Pick<PerformanceResourceTiming, 'transferSize' | 'decodedBodySize'>> | undefined;
  if (typeof entry?.transferSize !== 'number') return true;
  return entry.transferSize === 0 && (entry.decodedBodySize ?? 0) > 0;
}

/** A face as its rule describes it; a FontFace is made of it only when the page loads or adds it. */
interface FaceRule {
  readonly family: string;
  readonly weight: string;
  readonly unicodeRange: string;
  readonly style: CSSStyleDeclaration;
}

const faceRuleOf = (style: CSSStyleDeclaration): FaceRule => ({
  family: style.getPropertyValue('font-family').replace(/^["']|["']$/g, ''),
  weight: style.getPropertyValue('font-weight') || 'normal',
  unicodeRange: style.getPropertyValue('unicode-range') || 'U+0-10FFFF',
  style,
});

const fontFaceOf = (face: FaceRule): FontFace =>
  new FontFace(face.family, face.style.getPropertyValue('src'), {
    style: face.style.getPropertyValue('font-style') || 'normal',
    weight: face.weight,
    unicodeRange: face.unicodeRange,
    display: 'swap',
  });

const familyOf = (fontFamily: string): string => (fontFamily.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '');

/**
 * The characters of the page's text by the face that draws them: each text's element's first family and the weight
 * of that family's faces nearest to the element's (heavier on a tie, as the browser matches), read from styles the
 * first paint has already computed.
 */
async function charactersByFace(window: Window, faces: readonly FaceRule[]): Promise<Map<FaceRule, Set<string>>> {
  const { document } = window;
  const characters = new Map<string, Set<string>>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let read = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    read += 1;
    if (read % TEXT_NODES_A_TURN === 0) await nextTurn(window);
    const element = node.parentElement;
    const text = node.textContent ?? '';
    if (!element || !text.trim()) continue;
    const style = window.getComputedStyle(element);
    const key = `${familyOf(style.fontFamily)}|${style.fontWeight}`;
    const seen = characters.get(key) ?? new Set<string>();
    for (const char of text) seen.add(char);
    characters.set(key, seen);
  }
  const byFace = new Map<FaceRule, Set<string>>();
  for (const [key, drawn] of characters) {
    const [family, weight] = key.split('|');
    const own = faces.filter((face) => familyOf(face.family) === family);
    const nearest = own.reduce<number | null>((best, face) => {
      const candidate = Number(face.weight);
      if (best === null) return candidate;
      const [distance, bestDistance] = [Math.abs(candidate - Number(weight)), Math.abs(best - Number(weight))];
      return distance < bestDistance || (distance === bestDistance && candidate > best) ? candidate : best;
    }, null);
    for (const face of own.filter((candidate) => Number(candidate.weight) === nearest)) {
      const into = byFace.get(face) ?? new Set<string>();
      for (const char of drawn) into.add(char);
      byFace.set(face, into);
    }
  }
  return byFace;
}

/** Whether `text` has a character in a face's unicode-range (`U+0-FF, U+131, U+2000-206F`, as the browser gives it). */
export const drawsAny = (unicodeRange: string, text: string): boolean => drawsAnyOf(unicodeRange, new Set(text));

function drawsAnyOf(unicodeRange: string, characters: ReadonlySet<string>): boolean {
  const ranges = unicodeRange.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt((from ?? '').replace(/\?/g, '0'), 16);
    const end = to === undefined ? parseInt((from ?? '').replace(/\?/g, 'F'), 16) : parseInt(to, 16);
    return [start, end] as const;
  });
  for (const char of characters) {
    const code = char.codePointAt(0) ?? 0;
    if (ranges.some(([start, end]) => code >= start && code <= end)) return true;
  }
  return false;
}

/** Where the browser cannot load faces apart (no constructable style sheets): the style sheet, as before. */
function addStyleSheet(document: Document): void {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fontsUrl;
  link.addEventListener('load', () => document.documentElement.setAttribute(FONTS_ADDED_ATTRIBUTE, 'added'));
  document.head.append(link);
}
