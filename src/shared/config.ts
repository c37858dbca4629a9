/**
 * Build-time configuration. Webpack's EnvironmentPlugin replaces each `process.env.X` with the value the
 * build saw (defaults in webpack.config.ts; `DEMO=1` switches them to the demo server's local addresses).
 * Under Jest the real process.env is read, so tests can set them.
 */
export interface AppConfig {
  /** API origin; '' means the SPA's own origin (the demo server serves both). */
  apiBaseUrl: string;
  /** Viva hosted checkout base; the payment reference and colour are added as ?ref=&color=. */
  vivaCheckoutUrl: string;
  /** Stripe.js script to load before @stripe/stripe-js (the demo's test double); '' loads Stripe's own. */
  stripeJsUrl: string;
  stripePublishableKey: string;
  /** Error reporting DSN; '' disables reporting (and field metrics); 'self' is the page's own origin (demo). */
  sentryDsn: string;
  sentryRelease: string;

  firebase: { apiKey: string; authDomain: string; projectId: string; authEmulatorHost: string };
  /** Custom URL scheme of the merchants' mobile app and its host per bookkeeping service. */
  appScheme: string;
  appHosts: { fortnox: string; visma: string; stripe: string };
  /** The cash-register provider's name in the footer's hosted-by line (§1). */
  providerName: string;
  /**
   * Where `/download?url=` may link to: the provider's receipt hosts. A bare host allows it over https
   * on the default port, an origin (`http://127.0.0.1:8080`) exactly that origin, `self` the SPA's own
   * origin (see features/receipt/receiptLink.ts).
   */
  receiptHosts: string[];
  productHomepageUrl: string;
  bookkeepingInfoUrl: string;
}

export const config: AppConfig = {
  apiBaseUrl: process.env.API_BASE_URL ?? '',
  vivaCheckoutUrl: process.env.VIVA_CHECKOUT_URL ?? 'https://www.vivapayments.com/web/checkout',
  stripeJsUrl: process.env.STRIPE_JS_URL ?? '',
  stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_demo',
  sentryDsn: process.env.SENTRY_DSN ?? '',
  sentryRelease: process.env.SENTRY_RELEASE ?? '',
  firebase: {
    apiKey: process.env.FIREBASE_API_KEY ?? 'demo-api-key',
    authDomain: process.env.FIREBASE_AUTH_DOMAIN ?? '',
    projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-storefront',
    authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
  },
  appScheme: process.env.APP_SCHEME ?? 'kassa',
  appHosts: {
    fortnox: process.env.FORTNOX_APP_HOST ?? 'fortnox',
    visma: process.env.VISMA_APP_HOST ?? 'visma',
    stripe: process.env.STRIPE_APP_HOST ?? 'stripe',
  },
  providerName: process.env.PROVIDER_NAME ?? 'Kassa',
  // Comma-separated; empty entries are dropped (they must not stand for anything).
  receiptHosts: (process.env.RECEIPT_HOSTS ?? 'receipts.kassa.example')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== ''),
  productHomepageUrl: process.env.PRODUCT_HOMEPAGE_URL ?? '/',
  bookkeepingInfoUrl: process.env.BOOKKEEPING_INFO_URL ?? '/',
};
