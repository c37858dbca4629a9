/**
 * The HTTP headers the SPA is served with: one source for the demo server (src/demo-api/routes/spaHosting.ts) and
 * for the production host configs the build writes next to the bundle (`_headers` for a CDN such as Netlify
 * or Cloudflare Pages, `nginx.conf` for nginx; see hostConfigs.ts and docs/deployment.md).
 *
 * The Content-Security-Policy is derived from the build's configuration, so it allows exactly the providers
 * that build talks to and nothing else:
 *
 * - scripts: this origin, the inline early start by its hash (src/earlyStart), and Stripe.js when the build
 *   loads Stripe's own (an empty STRIPE_JS_URL). No 'unsafe-inline' and no 'unsafe-eval' for scripts.
 * - connections: this origin, the API (API_BASE_URL), the error-report ingest (SENTRY_DSN), Stripe's API,
 *   Firebase Auth's REST endpoints (or its emulator in demo builds).
 * - frames: Stripe's frames only (card fields, 3-D Secure, the wallet buttons of the Express Checkout
 *   Element, whose Apple Pay and Google Pay sheets open from Stripe's frame); nobody may frame the shop
 *   (`frame-ancestors`). The wallets need no source beyond Stripe's documented set (issue 25).
 * - forms: this origin and the payment providers' pages.
 * - styles: this origin and inline styles (Emotion writes <style> elements; a static host cannot give
 *   them a per-response nonce). Images: this origin, data: URLs (QR codes) and any https host, because
 *   product images come from wherever the merchant's catalogue keeps them.
 *
 * Node only (webpack config, demo server): it never ships to the browser.
 */
import { createHash } from 'node:crypto';

/** The build-time variables the policy depends on (see src/shared/config.ts and webpack.config.ts). */
export interface HostingEnv {
  API_BASE_URL?: string;
  STRIPE_JS_URL?: string;
  VIVA_CHECKOUT_URL?: string;
  SENTRY_DSN?: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
}

/** The headers of each kind of response. Strict-Transport-Security is added only where the site is https. */
export interface HeaderSet {
  /** index.html, whatever the path (client-side routes): the full set, revalidated on every visit. */
  document: Record<string, string>;
  /** Files whose name carries a content hash (`/assets/`): cached for a year, never revalidated. */
  immutableAsset: Record<string, string>;
  /** Other files (favicon, manifest, robots.txt, /static/): revalidated. */
  asset: Record<string, string>;
}

/** Two years, subdomains included: the preload list's minimum, sent only over https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Stripe's documented CSP sources for Stripe.js, its card fields and 3-D Secure (docs.stripe.com/security). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Firebase Auth's REST endpoints (password reset: verify the code, set the new password). */
const FIREBASE_AUTH = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/**
 * Browser features the shop never uses, denied to the page and to every frame in it (Stripe's included).
 * Only features Chromium knows, so the console stays free of "unrecognized feature" warnings.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'picture-in-picture',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/**
 * Features a counter kiosk uses (issue 23), allowed to the page itself and to no frame: the screen stays awake
 * (Screen Wake Lock), and the idle question's chime may sound before the next touch (autoplay, for Web Audio).
 */
const OWN_FEATURES = ['autoplay', 'screen-wake-lock'];

/**
 * The Payment Request API, which Apple Pay and Google Pay use from the Express Checkout Element's frame
 * (issue 25): delegated to Stripe's frames only, where the build loads Stripe's own Stripe.js; denied
 * everywhere with the demo's Stripe.js double, which draws its wallet sheet in the page and needs none.
 */
const paymentFeature = (env: HostingEnv) =>
  env.STRIPE_JS_URL ? 'payment=()' : 'payment=(self "https://js.stripe.com")';

/** The origin of an absolute http(s) URL, or null for '', relative paths and anything else. */
function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `'self'` plus the given sources, without nulls and repeats. */
function sources(...values: (string | null | readonly string[])[]): string {
  const list = ["'self'", ...values.flat().filter((v): v is string => v !== null)];
  return [...new Set(list)].join(' ');
}

/**
 * The `'sha256-…'` sources of the inline scripts of a page: every `<script>` without `src` whose type runs
 * (none, or a JavaScript type). Data blocks such as `type="application/json"` never run and need none.
 *
 * @param html - the page as served (index.html)
 * @returns one hash source per inline script, in page order
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the SPA's page.
 *
 * @param env - the build's configuration (the variables of {@link HostingEnv})
 * @param scriptHashes - the page's inline scripts ({@link inlineScriptHashes})
 * @returns the header value, directives separated by '; '
 */
export function contentSecurityPolicy(env: HostingEnv, scriptHashes: readonly string[]): string {
  const realStripe = !env.STRIPE_JS_URL;
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', sources(scriptHashes, realStripe ? STRIPE.script : originOf(env.STRIPE_JS_URL))],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: https:"],
    ['font-src', "'self'"],
    [
      'connect-src',
      sources(
        originOf(env.API_BASE_URL),
        originOf(env.SENTRY_DSN),
        realStripe ? STRIPE.connect : [],
        emulator ? `http://${emulator}` : FIREBASE_AUTH,
      ),
    ],
    ['frame-src', realStripe ? STRIPE.frame.join(' ') : "'self'"],
    // The kiosk's service worker (/sw.js, issue 35); no other worker.
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', sources(originOf(env.VIVA_CHECKOUT_URL), realStripe ? ['https://hooks.stripe.com'] : [])],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * Every header of every kind of SPA response, without Strict-Transport-Security (see
 * {@link STRICT_TRANSPORT_SECURITY}: the host adds it where it serves https).
 *
 * @param env - the build's configuration
 * @param indexHtml - the built index.html, whose inline scripts the policy allows by hash
 * @returns the headers per kind of response
 */
export function securityHeaders(env: HostingEnv, indexHtml: string): HeaderSet {
  const everywhere = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  return {
    document: {
      ...everywhere,
      'Content-Security-Policy': contentSecurityPolicy(env, inlineScriptHashes(indexHtml)),
      'Permissions-Policy': [
        ...DENIED_FEATURES.map((feature) => `${feature}=()`),
        ...OWN_FEATURES.map((feature) => `${feature}=(self)`),
        paymentFeature(env),
      ].join(', '),
      // For browsers older than frame-ancestors; the CSP says the same.
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': 'no-cache',
    },
    immutableAsset: { ...everywhere, 'Cache-Control': 'public, max-age=31536000, immutable' },
    asset: { ...everywhere, 'Cache-Control': 'no-cache' },
  };
}

/**
 * Which headers a served path gets: webpack names every file under /assets/ with its content hash; /static/
 * holds the few unhashed files; any other path is a page (or a file at the root, served with the page's set).
 */
export function headerKindFor(pathname: string): keyof HeaderSet {
  if (pathname.startsWith('/assets/')) return 'immutableAsset';
  if (pathname.startsWith('/static/')) return 'asset';
  return 'document';
}
