import type { WidgetConfig } from '../../domain/widget-protocol/config.ts';

/** WCAG 2.2 relative luminance of `#rgb` or `#rrggbb`. */
function luminance(hex: string): number {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit) : [1, 3, 5].map((at) => hex.slice(at, at + 2));
  const [r = 0, g = 0, b = 0] = digits.map((pair) => {
    const channel = parseInt(pair, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of a colour with the widget's white surface (1 to 21). */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/** WCAG AA for body text: the text on white, and white on the accent's buttons, stay readable. */
const READABLE = 4.5;

/** The custom properties of the site's style sheet (src/styles/site/tokens.css) each option sets. */
const ACCENT_PROPERTIES = ['--color-accent', '--color-brand'];
const DARKER_PROPERTIES = ['--color-accent-dark', '--color-brand-dark'];

/**
 * The publisher's colours and font in the widget: set as custom properties through the CSSOM, which
 * the frames' Content Security Policy allows where it forbids a style attribute in markup. A colour
 * that would not be readable on the widget's white (contrast under 4.5:1) is left out, so a dark
 * host page's light text cannot make the widget unreadable.
 */
export function applyTheme(doc: Document, config: Pick<WidgetConfig, 'textColor' | 'accentColor' | 'font'>): void {
  const style = doc.documentElement.style;
  const { textColor, accentColor, font } = config;
  if (textColor && contrastWithWhite(textColor) >= READABLE) style.setProperty('--color-ink', textColor);
  if (accentColor && contrastWithWhite(accentColor) >= READABLE) {
    for (const name of ACCENT_PROPERTIES) style.setProperty(name, accentColor);
    // hover and pressed shades: the accent a fifth darker
    for (const name of DARKER_PROPERTIES) style.setProperty(name, `color-mix(in srgb, ${accentColor} 80%, #000)`);
  }
  if (font) {
    style.setProperty('--font-text', font);
    style.setProperty('--font-heading', font);
    doc.documentElement.classList.add('widget-themed');
  } else drawInOwnFaceIfCached(doc);
}

/** Within this time Open Sans's files come from the browser's cache; from the network they take longer. */
const CACHED_FACE_MS = 50;

/**
 * The widget's own face (Open Sans) draws it only when its files are at hand at once, from the browser's cache: a
 * reader who has seen one of our widgets or pages before. Otherwise the widget keeps the metric twin its first words
 * drew in for the rest of this page, and the files load for the next one. Swapped in once they came, Open Sans's
 * wider bold put a step's heading on two lines and moved the whole form below it, a layout shift of the publisher's
 * page (Lighthouse counts a frame's). The site's pages do the same (src/entries/load-web-fonts.ts).
 */
function drawInOwnFaceIfCached(doc: Document): void {
  const fonts = doc.fonts as FontFaceSet | undefined;
  const draw = () => doc.documentElement.classList.add('widget-themed');
  if (fonts === undefined) return draw();
  const asked = Date.now();
  // the faces whose characters the widget's words use: one file per subset, every weight in it
  void fonts.load('1em "Open Sans"', doc.body.textContent || 'a').then(
    (faces) => {
      if (Date.now() - asked <= CACHED_FACE_MS && faces.length > 0) draw();
    },
    () => undefined,
  );
}

/** Test mode: the band the page was rendered with (hidden) shows, and the page makes room for it. */
export function markTestMode(doc: Document): void {
  doc.documentElement.classList.add('test-mode');
  const band = doc.getElementById('widget-test-mode');
  if (band) band.hidden = false;
}
