// @ts-check
/**
 * Jest (docs/development.md, "Tests"): two projects, Node and a DOM, on every core of the machine.
 * Plain JavaScript, so that reading it needs no TypeScript loader.
 */

/**
 * Transpile only, with SWC (@swc/jest): `npm run typecheck` checks the types once for the whole tree.
 * @type {import('jest').Config['transform']}
 */
const transform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/** @type {import('jest').Config} */
const config = {
  // Both cores (Jest's default is one fewer than the machine has: one worker on two cores).
  maxWorkers: 2,
  // Sized for a loaded 2-core machine, as the browser suite: no test waits on the machine's speed (clocks
  // are faked), but Jest's default of 5 s failed a test that posts 420 envelopes when the machine was busy.
  // A test that hangs still fails, after a minute.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      transform,
      testMatch: [
        '<rootDir>/__tests__/{domain,contract,demo-api,hosting,docs,lint,scripts}/**/*.test.ts',
        // The host's render (src/ssr) runs on servers; hydrating what it wrote takes a DOM (*.test.tsx).
        '<rootDir>/__tests__/ssr/**/*.test.ts',
      ],
    },
    {
      displayName: 'dom',
      testEnvironment: '<rootDir>/__tests__/helpers/jsdomEnvironment.js',
      transform,
      testMatch: [
        '<rootDir>/__tests__/{app,shared,features}/**/*.test.ts?(x)',
        '<rootDir>/__tests__/ssr/**/*.test.tsx',
      ],
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/setupDom.ts'],
      moduleNameMapper: { '\\.(png|svg|jpg)$': '<rootDir>/__tests__/helpers/fileStub.js' },
    },
  ],
};

module.exports = config;
