import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The house plan's import direction (domain ← contract ← shared ← features ← app; the demo API and the
 * hosting headers beside them). Type-only imports follow the same paths; the typed root (app/hooks.ts) is the
 * one door from a feature up into app/.
 */
const layerZones = [
  {
    target: './src/domain',
    from: [
      './src/contract',
      './src/shared',
      './src/features',
      './src/app',
      './src/demo-api',
      './src/hosting',
    ],
    message: 'domain/ holds pure rules: it imports nothing of the app.',
  },
  {
    target: './src/contract',
    from: ['./src/shared', './src/features', './src/app', './src/demo-api', './src/hosting'],
    message: 'contract/ is wire types only: it may import domain/ and nothing else of the app.',
  },
  {
    target: './src/shared',
    from: ['./src/features', './src/app', './src/demo-api', './src/hosting'],
    message: 'shared/ sits below the features: it imports domain/ and contract/ only.',
  },
  {
    target: './src/features',
    from: './src/app',
    except: ['./hooks.ts'],
    message: 'A feature reaches app/ only through app/hooks.ts (typed hooks, RootState).',
  },
  {
    target: './src/features',
    from: ['./src/demo-api', './src/hosting'],
    message: 'The demo API and the host configs are not part of the shop.',
  },
  {
    target: './src/demo-api',
    from: ['./src/shared', './src/features', './src/app'],
    message: 'The demo API is a server: it may import contract/, domain/ and hosting/ only.',
  },
  {
    target: './src/hosting',
    from: ['./src/domain', './src/contract', './src/shared', './src/features', './src/app', './src/demo-api'],
    message: 'hosting/ (headers, host configs) stands alone.',
  },
  {
    target: './src/earlyStart',
    from: ['./src/contract', './src/features', './src/app', './src/demo-api', './src/hosting'],
    message: 'earlyStart/ runs before the app: its build-time settings may read domain/ and shared/ only.',
  },
];

/**
 * Feature isolation: from outside a feature, only its `index.ts` (actions, selectors, the components and
 * sagas it offers) and its `*Events.ts` modules (facts other slices react to; kept apart from index.ts
 * so a slice can react to another feature's event without importing that feature's slice, which would be
 * an import cycle) may be imported. Everything else in the folder is the feature's own business.
 */
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
  from: `./src/features/${feature}`,
  except: [
    './index.ts',
    ...readdirSync(`./src/features/${feature}`)
      .filter((f) => /Events\.ts$/.test(f))
      .map((f) => `./${f}`),
  ],
  message: `Import the ${feature} feature through its index.ts (or its *Events.ts), not its internals.`,
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      '.netlify',
      '.wrangler',
      'tmp',
      'coverage',
      '.data',
      'screenshots',
      'test-results',
      'playwright-report',
      'bench-results',
      'tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Shop texts render as text, never HTML.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle follows imports by parsing each file: TypeScript needs its own parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Every browser test fails on a CSP violation: that rule lives in helpers/test.ts's `test` (issue 12).
    files: ['__tests__/e2e/**/*.ts'],
    ignores: ['__tests__/e2e/helpers/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from './helpers/test' (it fails a test on any CSP violation).",
            },
          ],
        },
      ],
    },
  },
  {
    // Classic scripts that run in the page as they are: the early start inlined into index.html, and the
    // page-side scripts of `npm run bench:load` and `npm run bench:kiosk-reset`.
    files: ['scripts/bench/**/*.js', 'src/earlyStart/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'fetch',
          'performance',
          'requestAnimationFrame',
          'MessageChannel',
          'MutationObserver',
          'PerformanceObserver',
          'URLSearchParams',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
);
