import type { Config } from 'jest';

const transform: Config['transform'] = {
  // Transpile only: `npm run typecheck` does the type checking once for the whole tree.
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: {
        jsx: 'react-jsx',
        jsxImportSource: '@emotion/react',
        module: 'CommonJS',
        moduleResolution: 'Node10',
        ignoreDeprecations: '6.0',
        isolatedModules: true,
        esModuleInterop: true,
      },
      diagnostics: false,
    },
  ],
};

const config: Config = {
  // Sized for a loaded 2-core machine, as the browser suite (issue 21): no test waits on the machine's speed
  // (clocks are faked), but Jest's default of 5 s failed a test that posts 420 envelopes when the machine was
  // busy. A test that hangs still fails, after a minute.
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

export default config;
