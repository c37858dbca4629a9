/**
 * Issue 12: the header set the SPA is served with (src/hosting), one source for the demo server and the
 * production host configs. The browser suite (__tests__/e2e/hosting.spec.ts) checks that the real pages run
 * under it without a single violation and that nginx serves the same set.
 */
import { createHash } from 'node:crypto';
import { netlifyHeaders, netlifyRedirects, nginxServerBlock } from '../../src/hosting/hostConfigs';
import {
  contentSecurityPolicy,
  headerKindFor,
  inlineScriptHashes,
  securityHeaders,
  STRICT_TRANSPORT_SECURITY,
  type HostingEnv,
} from '../../src/hosting/securityHeaders';

/** The production defaults of webpack.config.ts: Stripe's own Stripe.js, Viva's live checkout, no emulator. */
const PRODUCTION: HostingEnv = {
  API_BASE_URL: '',
  STRIPE_JS_URL: '',
  VIVA_CHECKOUT_URL: 'https://www.vivapayments.com/web/checkout',
  SENTRY_DSN: 'https://0123abcd@o42.ingest.de.sentry.io/4501',
  FIREBASE_AUTH_EMULATOR_HOST: '',
};
const DEMO: HostingEnv = {
  API_BASE_URL: '',
  STRIPE_JS_URL: '/demo/stripe/v3.js',
  VIVA_CHECKOUT_URL: '/demo/viva/web/checkout',
  SENTRY_DSN: '',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
};

const INLINE = '(function(){window.__earlyStart={}})();';
const PAGE = `<!doctype html><html><head>
<script id="early-start-config" type="application/json">{"apiBaseUrl":""}</script>
<script>${INLINE}</script>
<script defer src="/assets/main.0123456789.js"></script>
</head><body></body></html>`;

/** The directives of a policy by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('Content-Security-Policy', () => {
  it('only inline scripts that run are hashed: the early start, not its JSON settings nor external files', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha256(INLINE)]);
    expect(
      inlineScriptHashes('<script type="module">a()</script><script type="text/javascript">b()</script>'),
    ).toEqual([sha256('a()'), sha256('b()')]);
  });

  it.each([
    ['production', PRODUCTION],
    ['demo', DEMO],
  ])('scripts run only from this origin and by hash: no unsafe-inline, no eval (%s)', (_name, env) => {
    const scripts = directives(contentSecurityPolicy(env, inlineScriptHashes(PAGE))).get('script-src');
    expect(scripts).toContain("'self'");
    expect(scripts).toContain(sha256(INLINE));
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts?.filter((source) => !source.startsWith("'sha256-"))).toEqual(
      env === PRODUCTION ? ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'] : ["'self'"],
    );
  });

  it('nobody may frame the shop, embed plugins or move the base URL', () => {
    const policy = directives(contentSecurityPolicy(PRODUCTION, []));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('connections go only to this origin and the providers the build uses', () => {
    const production = directives(contentSecurityPolicy(PRODUCTION, [])).get('connect-src');
    expect(production).toEqual([
      "'self'",
      // The DSN's host, never its key or project path.
      'https://o42.ingest.de.sentry.io',
      'https://api.stripe.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    const separateApi = { ...DEMO, API_BASE_URL: 'https://api.kassa.example/v2' };
    expect(directives(contentSecurityPolicy(separateApi, [])).get('connect-src')).toEqual([
      "'self'",
      'https://api.kassa.example',
      'http://127.0.0.1:9099',
    ]);
  });

  it('frames and form posts only to the payment providers (Stripe’s fields and 3-D Secure, Viva’s checkout)', () => {
    const production = directives(contentSecurityPolicy(PRODUCTION, []));
    expect(production.get('frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(production.get('form-action')).toEqual([
      "'self'",
      'https://www.vivapayments.com',
      'https://hooks.stripe.com',
    ]);
    const demo = directives(contentSecurityPolicy(DEMO, []));
    expect(demo.get('frame-src')).toEqual(["'self'"]);
    expect(demo.get('form-action')).toEqual(["'self'"]);
  });
});

describe('the header set', () => {
  const set = securityHeaders(PRODUCTION, PAGE);

  it('every page gets the policy, no framing, no referrer path to other sites, no unused features', () => {
    expect(set.document).toMatchObject({
      'Content-Security-Policy': contentSecurityPolicy(PRODUCTION, [sha256(INLINE)]),
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-cache',
    });
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb'])
      expect(set.document['Permissions-Policy']).toContain(`${feature}=()`);
  });

  it('issue 25: wallets may use the Payment Request API from Stripe’s frames only, and not at all in the demo', () => {
    const features = (env: HostingEnv) =>
      securityHeaders(env, PAGE)
        .document['Permissions-Policy']!.split(', ')
        .filter((f) => f.startsWith('payment='));
    expect(features(PRODUCTION)).toEqual(['payment=(self "https://js.stripe.com")']);
    expect(features(DEMO)).toEqual(['payment=()']);
    // The Express Checkout Element's buttons are Stripe frames: no source beyond Stripe's documented set.
    const production = directives(contentSecurityPolicy(PRODUCTION, []));
    expect(production.get('frame-src')).toContain('https://js.stripe.com');
    expect(production.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
  });

  it('issue 23: a kiosk may keep its screen awake and sound the idle chime, its own page only (no frame)', () => {
    expect(set.document['Permissions-Policy']).toContain('screen-wake-lock=(self)');
    expect(set.document['Permissions-Policy']).toContain('autoplay=(self)');
    expect(set.document['Permissions-Policy']).not.toMatch(/screen-wake-lock=\(\)|autoplay=\(\)/);
  });

  it('hashed files are cached for a year, everything else is revalidated', () => {
    expect(set.immutableAsset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(set.asset['Cache-Control']).toBe('no-cache');
    expect(headerKindFor('/assets/main.0123456789.js')).toBe('immutableAsset');
    expect(headerKindFor('/static/logo.svg')).toBe('asset');
    expect(headerKindFor('/cafe/cart')).toBe('document');
  });
});

describe('production host configs', () => {
  const set = securityHeaders(PRODUCTION, PAGE);

  /** The add_header lines of each location block of the nginx config. */
  function nginxLocations(conf: string): Map<string, Record<string, string>> {
    const locations = new Map<string, Record<string, string>>();
    for (const block of conf.matchAll(/location ([^{]+)\{([^}]*)\}/g)) {
      const headers: Record<string, string> = {};
      for (const [, name = '', value = ''] of block[2]!.matchAll(
        /add_header (\S+) "((?:[^"\\]|\\.)*)" always;/g,
      ))
        headers[name] = value.replace(/\\(.)/g, '$1');
      locations.set(block[1]!.trim(), headers);
    }
    return locations;
  }

  it('nginx: each location sends the whole set (add_header is not inherited), with HSTS', () => {
    const locations = nginxLocations(nginxServerBlock(set));
    const hsts = { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY };
    expect(locations.get('/')).toEqual({ ...set.document, ...hsts });
    expect(locations.get('/assets/')).toEqual({ ...set.immutableAsset, ...hsts });
    expect(locations.get('/static/')).toEqual({ ...set.asset, ...hsts });
  });

  it('nginx: unknown paths answer index.html, a missing bundle file is a 404, host files are not served', () => {
    const conf = nginxServerBlock(set, { root: '/srv/shop', listen: '8081' });
    expect(conf).toMatch(/listen 8081;/);
    expect(conf).toMatch(/root \/srv\/shop;/);
    expect(conf).toMatch(/location \/ \{[^}]*try_files \$uri \/index\.html;/);
    expect(conf).toMatch(/location \/assets\/ \{[^}]*try_files \$uri =404;/);
    expect(conf).toMatch(
      /location ~ \^\/\(_headers\|_redirects\|nginx\\\.conf\|headers\\\.json\|\\\.assetsignore\)\$ \{\s*return 404;/,
    );
  });

  it('CDN _headers: the whole set on every path, a year’s cache only under /assets/, _redirects to index.html', () => {
    const text = netlifyHeaders(set);
    const [, everyPath = '', assets = ''] = text.split(/^\/\S*$/m);
    const { 'Cache-Control': _revalidate, ...page } = set.document;
    for (const [name, value] of Object.entries({
      ...page,
      'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
    }))
      expect(everyPath).toContain(`  ${name}: ${value}\n`);
    // A second Cache-Control on /* would be joined with the assets' one into a contradiction.
    expect(everyPath).not.toContain('Cache-Control');
    expect(assets.trim()).toBe('Cache-Control: public, max-age=31536000, immutable');
    expect(netlifyRedirects()).toMatch(/^\/\*\s+\/index\.html\s+200$/m);
  });

  it('with API_UPSTREAM, both hosts proxy /api/ on the shop’s own origin (a first-party session cookie)', () => {
    expect(netlifyRedirects('https://api.kassa.example/')).toMatch(
      /^\/api\/\*\s+https:\/\/api\.kassa\.example\/api\/:splat\s+200\n\/\*\s+\/index\.html\s+200$/m,
    );
    const conf = nginxServerBlock(set, { apiUpstream: 'https://api.kassa.example' });
    expect(conf).toMatch(
      /location \/api\/ \{\s*proxy_pass https:\/\/api\.kassa\.example;[^}]*proxy_set_header X-Forwarded-Host \$host;/,
    );
    expect(nginxServerBlock(set)).not.toContain('proxy_pass');
  });

  it('with RENDER_UPSTREAM, nginx passes store pages to the render server, cached per language, stale or index.html when it fails', () => {
    const conf = nginxServerBlock(set, { renderUpstream: 'http://127.0.0.1:3000/' });
    expect(conf).toMatch(/^proxy_cache_path \S+ .*keys_zone=storefront_pages:/m);
    const location = /location ~ \^\/\[\^\/\.\]\+\/\?\$ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(location).toContain('proxy_pass http://127.0.0.1:3000;');
    expect(location).toContain('proxy_cache_key "$scheme://$host$uri|$storefront_lng";');
    expect(location).toMatch(
      /proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;/,
    );
    expect(location).toContain('proxy_cache_background_update on;');
    // Issue 37: nobody waits long behind another visitor's render (nginx's own limit is 5 s).
    expect(location).toContain('proxy_cache_lock_timeout 300ms;');
    expect(location).toContain('proxy_no_cache $arg_kiosk;');
    expect(location).toContain('error_page 500 502 503 504 = @static_page;');
    // The fallback is index.html with the document's whole header set.
    expect(nginxLocations(conf).get('@static_page')).toEqual({
      ...set.document,
      'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
    });
    expect(nginxServerBlock(set)).not.toContain('proxy_cache');
  });
});
