import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { eslintPlugin as featuresPlugin, featureZones } from './scripts/featureRules.js';

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
 * A feature reads another feature's state only through the selectors that feature exports
 * (`features/no-foreign-state`): the rule asks TypeScript where each property read comes from, so it sees a
 * read however the state reached the code. Type information needs the file in the TypeScript project; the
 * files linted this way are the feature files on disk (a text linted under a new name, as the lint tests
 * do, is linted without this rule).
 */
const featureFiles = readdirSync('./src/features', { recursive: true })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => `src/features/${file.split(sep).join('/')}`);
const featureState = {
  files: featureFiles,
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  plugins: { features: featuresPlugin },
  rules: { 'features/no-foreign-state': 'error' },
};

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
      // The features' zones (scripts/featureRules.js, docs/architecture.md "Features"): from outside a
      // feature only its index.ts may be imported, a feature imports only the features below it, and a slice
      // imports no other feature (the events it answers besides its own come from src/shared/events.ts).
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones()] }],
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-duplicates': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message:
                "Import `useTranslation` from 'src/shared/i18n/useTranslation' (react-i18next's copies the i18next instance on every mount); react-i18next's only for a fixed language it must load first.",
            },
          ],
        },
      ],
    },
  },
  featureState,
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
    // bench:render's worker: an ES module that runs in workerd, with the Web platform's globals only.
    files: ['scripts/bench/**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(['fetch', 'Request', 'Response', 'URL'].map((name) => [name, 'readonly'])),
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
