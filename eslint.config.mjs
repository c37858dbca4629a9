import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'coverage',
      '.data',
      'screenshots',
      'test-results',
      'playwright-report',
      'bench-results',
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
    // page-side scripts of `npm run bench:load`.
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
