import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import webpack from 'webpack';

/**
 * One config for production builds and the demo server's dev middleware.
 * Build-time configuration comes from the environment (see src/app/config.ts and README).
 */
export default function config(_env: unknown, argv: { mode?: 'production' | 'development' }): webpack.Configuration {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the bundle build only transpiles.
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
        },
      ],
    },
    plugins: [
      new webpack.EnvironmentPlugin({
        API_BASE_URL: '',
        VIVA_CHECKOUT_URL: 'https://www.vivapayments.com/web/checkout',
        SENTRY_DSN: '',
        SENTRY_RELEASE: '',
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_DOMAIN: '',
        FIREBASE_PROJECT_ID: 'demo-storefront',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        FORTNOX_APP_HOST: 'fortnox',
        VISMA_APP_HOST: 'visma',
        STRIPE_APP_HOST: 'stripe',
        APP_SCHEME: 'kassa',
        PRODUCT_HOMEPAGE_URL: 'https://example.com',
        BOOKKEEPING_INFO_URL: 'https://example.com/bookkeeping',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_demo',
      }),
      new HtmlWebpackPlugin({ template: 'static/index.html', favicon: 'static/favicon.svg' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'static', to: 'static', globOptions: { ignore: ['**/index.html'] } }],
      }),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
  };
}
