import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';

/**
 * The wings of ARCHITECTURE.md. The first pattern that matches a file names its wing, so the
 * sandbox comes before the server it lives in.
 */
const wings = [
  { type: 'domain', pattern: 'domain' },
  // files a build step writes (scripts/write-lender-count.ts): data only, importing nothing
  { type: 'generated', pattern: 'generated' },
  { type: 'machines', pattern: 'machines' },
  { type: 'sandbox', pattern: 'server/sandbox' },
  { type: 'server', pattern: 'server' },
  { type: 'api', pattern: 'src/api' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'tracking', pattern: 'src/tracking' },
  { type: 'features', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'entries', pattern: 'src/entries' },
  // the loader and host script run on publisher pages: they may import only the widget protocol
  { type: 'widget-host', pattern: 'widgets/loader' },
  { type: 'widget-host', pattern: 'widgets/host' },
  { type: 'widget-frames', pattern: 'widgets/frames' },
  { type: 'tests', pattern: 'tests' },
  { type: 'bench', pattern: 'bench' },
  // build steps run by node before Vite: they may read the server's configuration
  { type: 'scripts', pattern: 'scripts' },
].map((descriptor) => ({ ...descriptor, partialMatch: false }));

/** Files that only tests load: they may reach what production code may not (the sandbox, fixtures). */
const testFiles = [
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'test', pattern: '**/{test-support,test-helpers,test-model}.{ts,tsx}' },
  { category: 'test', pattern: '**/*.test-model.ts' },
];

const wing = (type) => ({ element: { type } });
const allow = (from, to) => ({
  from: wing(from),
  allow: { to: { element: { types: { anyOf: to } } } },
});
/** A feature's public entries: what the others may take from it (first-step.ts: the application's light gate). */
const featureEntry = { element: { type: 'features', fileInternalPath: '{index,first-step}.ts' } };
const widgetProtocol = { element: { type: 'domain', fileInternalPath: 'widget-protocol/**' } };
/** The shared test data (a valid application...): every wing's tests may take it. */
const testFixtures = { element: { type: 'tests', fileInternalPath: 'fixtures/**' } };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.ci/.node/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': wings,
      'boundaries/files': testFiles,
      'boundaries/include': [
        'domain/**',
        'generated/**',
        'src/**',
        'machines/**',
        'widgets/**',
        'server/**',
        'tests/**',
        'bench/**',
        'scripts/**',
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      // placeholders that a provider replaces (machine actions, actors) name arguments they ignore
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            // the ground floor stands alone
            allow('domain', ['domain']),
            allow('machines', ['domain', 'machines']),
            allow('server', ['domain', 'server']),
            allow('sandbox', ['domain', 'server', 'sandbox']),
            allow('api', ['domain', 'api']),
            allow('ui', ['domain', 'generated', 'i18n', 'ui']),
            allow('i18n', ['domain', 'i18n']),
            allow('tracking', ['domain', 'api', 'tracking']),
            // a feature uses the floors below it and its own files, never another feature
            allow('features', ['domain', 'generated', 'machines', 'api', 'ui', 'i18n', 'tracking']),
            {
              from: wing('features'),
              allow: { to: { element: { type: 'features', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            allow('entries', ['domain', 'generated', 'ui', 'i18n', 'tracking', 'features', 'entries']),
            { from: wing('widget-host'), allow: { to: [widgetProtocol, wing('widget-host')] } },
            allow('widget-frames', ['domain', 'machines', 'api', 'ui', 'i18n', 'widget-frames']),
            { from: wing('widget-frames'), allow: { to: featureEntry } },
            // production code never reaches the sandbox; the server's tests use its simulators
            { from: { element: { type: 'server' }, file: { categories: 'test' } }, allow: { to: wing('sandbox') } },
            // the test data of tests/fixtures serves the tests of every wing
            { from: { file: { categories: 'test' } }, allow: { to: testFixtures } },
            allow('tests', ['domain', 'generated', 'machines', 'server', 'sandbox', 'api', 'entries', 'tests']),
            allow('bench', ['domain', 'server', 'sandbox', 'tests', 'bench']),
            allow('scripts', ['domain', 'server', 'sandbox', 'scripts']),
          ],
        },
      ],
    },
  },
  {
    // The server shares schemas and paths through domain/, never React or the browser's UI.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', 'react-i18next'], message: 'server/ never imports React' },
          ],
        },
      ],
    },
  },
  {
    // small modules with one job: no source file over 400 lines, no function over 100 (tests aside)
    files: ['**/*.{ts,tsx}'],
    ignores: [...testFiles.map(({ pattern }) => pattern), 'tests/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    // every pg-boss queue is declared in one file (ARCHITECTURE.md, "Jobs and SQL")
    files: ['server/**/*.ts'],
    ignores: ['server/jobs/queues.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueue']",
          message: 'declare the queue in server/jobs/queues.ts',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
