/**
 * The design system's one rule for style sheets: colours, type, radii, shadows and spacing come from the
 * tokens of src/styles/site/tokens.css, never one-off values. No preset: only these rules.
 * `npm run lint` runs it after eslint, with no warning allowed; tests/architecture/stylelint.test.ts
 * shows it refusing a raw colour and an off-scale padding.
 */

/** Spacing written with tokens: var(--space-1) … var(--space-8), var(--gutter), or calc() of them. */
const SPACING = [
  /^(margin|padding)(-(top|right|bottom|left|block|inline)(-(start|end))?)?$/,
  /^(row-|column-)?gap$/,
  /^inset(-(block|inline)(-(start|end))?)?$/,
].map(String);

/** calc() of custom properties and plain numbers only: `calc(-1 * var(--space-2))`, `calc(var(--a) + var(--b))`. */
const CALC_OF_VARS = String(/^calc\((\s*(var\(--[\w-]+\)|-?\d*\.?\d+|[-+*/()]))+\s*\)$/);

/** Colour properties: a var(--color-…) or one of these keywords. */
const COLOUR_KEYWORDS = ['transparent', 'currentcolor', 'currentColor', 'inherit', 'none'];

export default {
  plugins: ['stylelint-declaration-strict-value'],
  ignoreFiles: [
    'dist/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    '.ci/.node/**',
    '.data/**',
    'bench/results/**',
  ],
  rules: {
    // raw colours anywhere (gradients, shadows, custom properties too): only tokens.css holds them (overrides)
    'color-no-hex': true,
    'color-named': 'never',
    'function-disallowed-list': ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'],

    'scale-unlimited/declaration-strict-value': [
      [
        // colours: color, background-color, border(-side)-color, outline-color, text-decoration-color,
        // accent-color, and (expandShorthand below) the colour part of background, border, border-left,
        // outline, text-decoration: their widths and styles are free
        '/color$/',
        'fill',
        'stroke',
        'box-shadow',
        'font-size',
        'font-family',
        '/radius$/',
        ...SPACING,
      ],
      {
        expandShorthand: true,
        // functions are fine where a token feeds them (a gradient of var(--color-…)): raw colour functions
        // are refused by function-disallowed-list above. Spacing and sizes take only calc() of variables.
        ignoreFunctions: {
          'font-size': false,
          '/radius$/': false,
          ...Object.fromEntries(SPACING.map((property) => [property, false])),
        },
        ignoreValues: {
          '/color$/': COLOUR_KEYWORDS,
          fill: COLOUR_KEYWORDS,
          stroke: COLOUR_KEYWORDS,
          'box-shadow': ['none', 'inherit'],
          'font-size': ['inherit'],
          'font-family': ['inherit'],
          // 0 for square corners; 50% is a circle (--radius-circle); inherit follows a parent's corners
          '/radius$/': ['0', 'inherit'],
          // Allowed besides the tokens, and why:
          // - 0 and auto: no space, and centring;
          // - em lengths: space that must follow the text's own size, not the scale (a list's indent
          //   for its markers, headings' rhythm, nudging an inline icon onto the first line's centre);
          // - calc() of variables: a negative token, or a token plus a component's own size variable.
          ...Object.fromEntries(
            SPACING.map((property) => [property, ['0', 'auto', '/^-?\\d*\\.?\\d+em$/', CALC_OF_VARS]]),
          ),
        },
        message: 'Expected a design token (var(--…), see src/styles/site/tokens.css) for "${value}" of "${property}"',
      },
    ],

    // the font shorthand: `[weight] var(--text-…)[/line-height] var(--font-…)`, or inherit
    'declaration-property-value-allowed-list': {
      font: ['inherit', String(/^(\d{3} )?var\(--text-[\w-]+\)(\/[\d.]+)? var\(--font-[\w-]+\)$/)],
    },
  },
  overrides: [
    {
      // the tokens themselves: the one place with raw colours
      files: ['src/styles/site/tokens.css'],
      rules: { 'color-no-hex': null, 'function-disallowed-list': null },
    },
  ],
};
