/**
 * The app's top-level routes that are not a shop's (§2), as app/router.tsx declares them. Every other first
 * segment of an address is taken for a shop id, by the early start (which requests that shop before the
 * scripts run) and by the host's render (which renders it): both read {@link NOT_SHOP_SEGMENTS}, the early
 * start through its settings JSON (src/earlyStart/settings.ts). Here, below the app, so that those two may
 * import it.
 */
export const APP_ROUTES = {
  /** Where Stripe Connect and the bookkeepers' OAuth send the merchant back. */
  integrationCallbacks: ['stripe', 'integrateFortnox', 'integrateVisma'],
  integrationStart: 'integrate/:bookkeeper/:companyId/:authCode',
  cardPayment: 'company/:companyId/payment/:paymentIntentId',
  passwordReset: 'auth/passwordreset',
  download: 'download',
  receiptDownload: 'receipt/:companyId/:receiptId',
} as const;

/**
 * The first segments of {@link APP_ROUTES}: an address starting with one is never a shop's, not even where
 * the router would take the bare segment for one ('/company' alone), so no shop id may be one of them.
 */
export const NOT_SHOP_SEGMENTS: readonly string[] = [
  ...new Set(
    Object.values(APP_ROUTES)
      .flat()
      .map((path) => path.replace(/\/.*/, '')),
  ),
];
