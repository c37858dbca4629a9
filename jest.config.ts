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
