import { readFileSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { minify_sync } from 'terser';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import { scriptJson } from './src/app/renderedPage';
import { earlyStartSettings, type LoadingTexts } from './src/earlyStart/settings';
import type { Language } from './src/shared/i18n/languages';
import { css } from '@emotion/react';
import { KIOSK_PAGE_STYLES } from './src/features/kiosk/kioskPageCss';
import { defaultTheme } from './src/shared/theme/defaultTheme';
import {
  cloudflareAssetsIgnore,
  netlifyHeaders,
  netlifyRedirects,
  nginxServerBlock,
} from './src/hosting/hostConfigs';
import { securityHeaders, type HostingEnv } from './src/hosting/securityHeaders';

/**
 * The page's early start (src/earlyStart/earlyStart.js), minified, inlined into index.html's body after
 * the loading spinner (it runs before the app's deferred scripts). Its text does not depend on the build (settings go in a JSON block), so its CSP hash
 * stays put.
 */
export const EARLY_START_SCRIPT = minify_sync(
  readFileSync(path.join(__dirname, 'src/earlyStart/earlyStart.js'), 'utf8'),
).code as string;

/**
 * The tap holding (src/earlyStart/holdTaps.js), minified, inlined before `#root` so that it listens before any
 * button of a rendered page is parsed (issue 34); its CSP hash stays put as the early start's does.
 */
export const HOLD_TAPS_SCRIPT = minify_sync(
  readFileSync(path.join(__dirname, 'src/earlyStart/holdTaps.js'), 'utf8'),
).code as string;

/** A language's texts (translations/{language}.json). */
const texts = (language: Language): LoadingTexts =>
  JSON.parse(readFileSync(path.join(__dirname, 'translations', `${language}.json`), 'utf8'));

/**
 * The early start's settings: the API base, the URL of each language's translations chunk, and the
 * formatting locales and loading words (src/earlyStart/settings.ts).
 */
function earlyStartConfig(compilation: webpack.Compilation, apiBaseUrl: string) {
  const translations: Record<string, string> = {};
  for (const chunk of compilation.chunks) {
    const language = /^i18n-(se|en|fi)-json$/.exec(chunk.name ?? '')?.[1];
    const file = [...chunk.files].find((name) => name.endsWith('.js'));
    if (language && file) translations[language] = `/${file}`;
  }
  return scriptJson({ apiBaseUrl, translations, ...earlyStartSettings(texts) });
}

/**
 * Defaults of the build-time configuration read by src/app/config.ts; any of them can be overridden by
 * setting the variable when building. DEMO=1 points everything at the embedded demo server, so nothing
 * leaves the machine.
 */
export function environmentDefaults(demo: boolean): Record<string, string> {
  return {
    API_BASE_URL: '',
    VIVA_CHECKOUT_URL: demo ? '/demo/viva/web/checkout' : 'https://www.vivapayments.com/web/checkout',
    STRIPE_JS_URL: demo ? '/demo/stripe/v3.js' : '',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_demo',
    // The demo reports to its own collector (/demo/vitals draws what arrives), from every tab.
    SENTRY_DSN: demo ? 'self' : '',
    SENTRY_RELEASE: '',
    SENTRY_TRACES_SAMPLE_RATE: demo ? '1' : '0.1',
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: '',
    FIREBASE_PROJECT_ID: 'demo-storefront',
    FIREBASE_AUTH_EMULATOR_HOST: demo ? '127.0.0.1:9099' : '',
    APP_SCHEME: 'kassa',
    FORTNOX_APP_HOST: 'fortnox',
    VISMA_APP_HOST: 'visma',
    STRIPE_APP_HOST: 'stripe',
    PROVIDER_NAME: 'Kassa',
    // The provider's receipt host(s) for /download?url= (a placeholder: set the real one); the demo serves
    // receipt PDFs itself, on the SPA's origin.
    RECEIPT_HOSTS: demo ? 'self' : 'receipts.kassa.example',
    PRODUCT_HOMEPAGE_URL: demo ? '/demo' : '/',
    BOOKKEEPING_INFO_URL: demo ? '/demo' : '/',
  };
}

/** The variables of the environment that are set (EnvironmentPlugin's view: set wins over the default). */
function definedEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Writes the production host configs next to the bundle (src/hosting): `_headers`, `_redirects`,
 * `nginx.conf` and `headers.json`, with a Content-Security-Policy for this build's providers and the hashes
 * of the built index.html's inline scripts.
 */
class HostConfigsPlugin {
  /**
   * @param env - the build's configuration
   * @param apiUpstream - API_UPSTREAM: where the host proxies /api/ to, when the API shares the shop's origin
   */
  constructor(
    private readonly env: HostingEnv,
    private readonly apiUpstream: string | undefined,
  ) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('HostConfigsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HostConfigsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const index = compilation.getAsset('index.html');
          if (!index) throw new Error('HostConfigsPlugin: no index.html in the build');
          const set = securityHeaders(this.env, index.source.source().toString());
          const files: Record<string, string> = {
            _headers: netlifyHeaders(set),
            _redirects: netlifyRedirects(this.apiUpstream),
            'nginx.conf': nginxServerBlock(set, {
              apiUpstream: this.apiUpstream,
              renderUpstream: process.env.RENDER_UPSTREAM || undefined,
            }),
            'headers.json': `${JSON.stringify(set, null, 2)}\n`,
            '.assetsignore': cloudflareAssetsIgnore(),
          };
          for (const [name, text] of Object.entries(files))
            compilation.emitAsset(name, new webpack.sources.RawSource(text));
        },
      );
    });
  }
}

/** The plugins both bundles take: the same build-time configuration and the same library flags. */
function sharedPlugins(): webpack.WebpackPluginInstance[] {
  return [
    new webpack.EnvironmentPlugin(environmentDefaults(process.env.DEMO === '1')),
    // Sentry's tree-shaking flags (docs: configuration/tree-shaking): no debug logging, no tracing, and
    // none of Session Replay's iframe, shadow-DOM and worker code.
    new webpack.DefinePlugin({
      __SENTRY_DEBUG__: false,
      __SENTRY_TRACING__: false,
      __RRWEB_EXCLUDE_IFRAME__: true,
      __RRWEB_EXCLUDE_SHADOW_DOM__: true,
      __SENTRY_EXCLUDE_REPLAY_WORKER__: true,
    }),
  ];
}

const typescriptRule: webpack.RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  // Type checking is `npm run typecheck`; the bundle build only transpiles.
  use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
};

/**
 * react-router 7's package exports only its development build (remix-run/react-router#12532), which
 * carries dev warnings and is a third larger; production builds take the production files it ships.
 */
const reactRouterProduction = (production: boolean): Record<string, string | false> =>
  production
    ? {
        'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
      }
    : {};

/**
 * Webpack's cache on disk (node_modules/.cache/webpack, one per configuration and mode): a build after
 * another redoes only what changed, so CI's bundle budget build and the browser suite's build (the same
 * code, another error-report address) cost one build and a short one. A changed environment value rebuilds
 * the modules that read it (DefinePlugin tracks them); a changed config file or lockfile starts anew.
 */
const buildCache = (name: string, production: boolean): webpack.FileCacheOptions => ({
  type: 'filesystem',
  name: `${name}-${production ? 'production' : 'development'}`,
  buildDependencies: { config: [__filename] },
});

/** Where the server bundle goes: beside dist/, never published with it. */
export const SERVER_DIST = path.resolve(__dirname, 'dist-server');

/**
 * The render function (`render`, for the demo server) and its adapters: a small Node server for nginx, the
 * Cloudflare worker, the Netlify edge function.
 */
const SERVER_ENTRIES = {
  render: './src/ssr/renderStorePage.tsx',
  nodeServer: './src/ssr/nodeServer.ts',
  cloudflareWorker: './src/ssr/cloudflareWorker.ts',
  'store-page': './src/ssr/netlifyEdgeFunction.ts',
};

/**
 * The host's render of the store page (src/ssr) as one ES module per adapter, from the same components,
 * store and translations as the page: web-standard (no Node built-ins), so Cloudflare's workerd, Netlify's
 * Deno and Node all run it. Resolved with the `worker` condition, which gives the libraries' server builds
 * (Emotion writes its styles into the HTML). Built after the page, whose index.html it is given at run time.
 */
function serverConfig(production: boolean): webpack.Configuration {
  return {
    name: 'server',
    mode: production ? 'production' : 'development',
    cache: buildCache('server', production),
    target: 'webworker',
    entry: SERVER_ENTRIES,
    experiments: { outputModule: true },
    // The Node adapter's built-ins stay imports (workerd and Deno bundles never reach them).
    externals: /^node:/,
    externalsType: 'module',
    output: {
      path: SERVER_DIST,
      // Netlify takes generated edge functions from .netlify/v1/edge-functions (its Frameworks API).
      filename: (data) =>
        data.chunk?.name === 'store-page' ? '../.netlify/v1/edge-functions/[name].mjs' : '[name].mjs',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    devtool: 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      conditionNames: ['worker', 'browser', 'import', 'module', 'webpack', 'default'],
      // The SDKs of screens a store page never renders (card payment, password reset, error reporting,
      // QR codes): left out, so the worker stays small.
      alias: {
        ...reactRouterProduction(production),
        ...Object.fromEntries(
          [
            'firebase',
            '@firebase',
            '@stripe/stripe-js',
            '@stripe/react-stripe-js',
            '@sentry/browser',
            'qrcode',
          ].map((name) => [name, false]),
        ),
      },
    },
    module: {
      rules: [typescriptRule],
      // One file per adapter: the lazy screens a render may meet (the reference page) are in it.
      parser: { javascript: { dynamicImportMode: 'eager' } },
    },
    plugins: sharedPlugins(),
    optimization: { splitChunks: false },
    performance: { hints: false },
  };
}

/**
 * The page's bundle (`client`) and, for production builds, the host's render (`server`, dist-server/).
 * The demo server's dev middleware takes the client alone and renders from the sources.
 * Build-time configuration comes from the environment (see src/shared/config.ts and docs/development.md).
 */
export default function config(
  _env: unknown,
  argv: { mode?: 'production' | 'development' },
): webpack.Configuration[] {
  const production = argv.mode !== 'development';
  return production ? [clientConfig(production), serverConfig(production)] : [clientConfig(production)];
}

function clientConfig(production: boolean): webpack.Configuration {
  const environment = { ...environmentDefaults(process.env.DEMO === '1'), ...definedEnvironment() };
  return {
    name: 'client',
    mode: production ? 'production' : 'development',
    cache: buildCache('client', production),
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    // No eval() in development either: the page's CSP allows no 'unsafe-eval' (src/hosting).
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: reactRouterProduction(production) },
    module: {
      rules: [
        typescriptRule,
        {
          // A feature's index.ts only re-exports: marked free of side effects, webpack links each import
          // straight to the module that defines it, so the store page's bundle does not take the cart
          // chunk's code along just because both are named in one index.
          test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/,
          sideEffects: false,
        },
      ],
    },
    plugins: [
      ...sharedPlugins(),
      new HtmlWebpackPlugin({
        template: 'static/index.html',
        favicon: 'static/favicon.svg',
        templateParameters: (compilation) => ({
          earlyStartScript: EARLY_START_SCRIPT,
          holdTapsScript: HOLD_TAPS_SCRIPT,
          earlyStartConfig: earlyStartConfig(compilation, process.env.API_BASE_URL ?? ''),
          // Shown until the early start names the visitor's language, or when it cannot run.
          loadingLabel: texts('en').common.loading,
          theme: defaultTheme,
          // A kiosk's page-wide rules, in force from its first frame (issue 34).
          kioskStyle: `<style>${KIOSK_PAGE_STYLES.map((rules) => css(rules).styles).join('')}</style>`,
        }),
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'static', to: 'static', globOptions: { ignore: ['**/index.html', '**/robots.txt'] } },
          { from: 'static/robots.txt', to: 'robots.txt' },
        ],
      }),
      ...(production
        ? [
            new HostConfigsPlugin(environment, process.env.API_UPSTREAM || undefined),
            // The kiosk's service worker (issue 35; src/serviceWorker): /sw.js, with the list of this build's
            // files to precache. Not the host's configuration, the source maps, or the company pages' sign-in
            // (a kiosk never signs in).
            new InjectManifest({
              swSrc: './src/serviceWorker/sw.ts',
              swDest: 'sw.js',
              exclude: [
                /\.map$/,
                /\.LICENSE\.txt$/,
                /^(nginx\.conf|headers\.json|_headers|_redirects|robots\.txt)$/,
                /firebase-auth/,
              ],
            }),
          ]
        : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      // One entry: its runtime rides in main (which changes whenever a chunk does anyway), one request less.
      runtimeChunk: false,
    },
    performance: { hints: false },
  };
}
