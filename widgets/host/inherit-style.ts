import { FONT_STACK } from '../../domain/widget-protocol/config.ts';

/** `rgb(20, 33, 43)` → `#14212b`; a colour with any transparency, or in another notation, is not taken. */
export function hexOf(color: string): string | undefined {
  const match = /^rgba?\((\d{1,3}), ?(\d{1,3}), ?(\d{1,3})(?:, ?1)?\)$/.exec(color.trim());
  if (!match) return undefined;
  return `#${match
    .slice(1, 4)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The names of a computed font-family the `font` option takes, in their order, at most ten. */
export function fontStackOf(fontFamily: string): string | undefined {
  const names = fontFamily
    .split(',')
    .map((name) => name.trim())
    .filter((name) => FONT_STACK.test(name))
    .slice(0, 10);
  return names.length > 0 ? names.join(', ') : undefined;
}

/**
 * `theme: inherit`: the host page's look where the widget stands, as the widget's options. The
 * text colour and the font are the element's own (inherited from its page); the accent is its
 * `accent-color` when the page sets one, else the colour of the page's first link. Only what
 * the options accept is passed; the options' validation checks it once more.
 */
export function inheritedStyle(element: Element, page: Pick<Window, 'getComputedStyle'>): Record<string, string> {
  const style = page.getComputedStyle(element);
  const link = element.ownerDocument.querySelector('a[href]');
  const accent =
    style.accentColor && style.accentColor !== 'auto' ? style.accentColor : link && page.getComputedStyle(link).color;
  const found: Record<string, string | undefined> = {
    textColor: hexOf(style.color),
    accentColor: accent ? hexOf(accent) : undefined,
    font: fontStackOf(style.fontFamily),
  };
  return Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
