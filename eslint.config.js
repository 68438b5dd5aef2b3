import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

/** Layers of ARCHITECTURE.md and what each may import. */
const layers = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'api', pattern: 'src/api' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'tracking', pattern: 'src/tracking' },
  { type: 'features', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'routes', pattern: 'src/routes' },
  { type: 'machines', pattern: 'machines' },
  // the loader and host script run on publisher pages: they may import only the protocol
  { type: 'widget-protocol', pattern: 'widgets/protocol' },
  { type: 'widget-host', pattern: 'widgets/loader' },
  { type: 'widget-host', pattern: 'widgets/host' },
  { type: 'widget-frames', pattern: 'widgets/frames' },
  { type: 'widgets', pattern: 'widgets' },
  { type: 'server', pattern: 'server' },
  { type: 'tests', pattern: 'tests' },
  { type: 'bench', pattern: 'bench' },
];

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.ci/.node/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/elements': layers,
      'boundaries/include': ['src/**', 'machines/**', 'widgets/**', 'server/**'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      // placeholders that a provider replaces (machine actions, actors) name arguments they ignore
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            allow('domain', ['domain']),
            allow('api', ['domain', 'api']),
            allow('ui', ['domain', 'ui']),
            allow('tracking', ['domain', 'tracking']),
            allow('features', ['domain', 'api', 'ui', 'tracking', 'features', 'routes', 'machines', 'widget-protocol']),
            allow('routes', ['domain', 'ui', 'tracking', 'features', 'routes']),
            allow('machines', ['domain', 'machines']),
            allow('widget-protocol', ['domain', 'widget-protocol']),
            allow('widget-host', ['widget-protocol', 'widget-host']),
            allow('widget-frames', [
              'domain',
              'api',
              'ui',
              'tracking',
              'features',
              'routes',
              'machines',
              'widget-protocol',
              'widget-frames',
            ]),
            allow('widgets', ['domain', 'widgets', 'widget-protocol']),
            allow('server', ['domain', 'routes', 'server']),
            allow('tests', ['domain', 'api', 'routes', 'server', 'tests', 'machines', 'widget-protocol']),
            allow('bench', ['domain', 'routes', 'server', 'tests', 'bench', 'widget-protocol']),
          ],
        },
      ],
    },
  },
  {
    // The server shares schemas and the page registry, never React or the browser's UI.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', 'react-i18next'], message: 'server/ never imports React' },
            { group: ['**/src/ui/**', '**/src/features/**', '**/*.tsx'], message: 'server/ never imports UI code' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
