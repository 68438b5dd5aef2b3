/**
 * The charts' colours, the site's tokens (src/styles/site/tokens.css) as values: recharts sets them as SVG
 * attributes, where custom properties are not read everywhere. Each is at least 4.5:1 on white, so a bar or a
 * label reads as well as text does.
 */
export const CHART_COLOURS = {
  /** --color-brand */
  brand: '#0b4f6c',
  /** --color-accent */
  accent: '#b93d0b',
  /** --color-ink */
  ink: '#14212b',
  /** --color-line */
  line: '#c9d6dd',
} as const;
