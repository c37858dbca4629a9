/**
 * Issue 35: what the kiosk's service worker does with a request, and the kiosk's manifest it answers
 * (src/shared/serviceWorker/rules.ts). The browser journeys are __tests__/e2e/kioskWorker.spec.ts.
 */
import {
  kioskManifest,
  kioskManifestHref,
  navigationKind,
  OWN_ICONS,
} from '../../../src/shared/serviceWorker/rules';

const ORIGIN = 'https://shop.example';
const kind = (address: string) => navigationKind(new URL(address, ORIGIN));

describe('a navigation: the kiosk from the cache, any other page from the network, the API never', () => {
  it("a kiosk's store page opens from the cache (its own screens, never the host's render)", () => {
    expect(kind('/cafe?kiosk=1')).toBe('kiosk');
    expect(kind('/cafe?kiosk=true&idle=60&prompt=30&lng=en')).toBe('kiosk');
  });

  it('a store page that does not say kiosk goes to the network first (the rendered page stays current)', () => {
    expect(kind('/cafe')).toBe('page');
    expect(kind('/cafe/cart')).toBe('page');
    expect(kind('/cafe?kiosk=0')).toBe('page');
    // The app's own routes are never a shop, kiosk or not.
    expect(kind('/company/c1/payment/p1?kiosk=1')).toBe('page');
    expect(kind('/receipt/c1/r1')).toBe('page');
  });

  it('the API, the demo, files and assets are not pages: the worker leaves them to the network', () => {
    for (const address of [
      '/api/v2/webshop/cafe',
      '/api/v2/webshop/cafe/cart?kiosk=1',
      '/demo/viva/web/checkout',
      '/demo',
      '/static/manifest.webmanifest',
      '/assets/main.js',
      '/sw.js',
      '/robots.txt',
    ])
      expect(kind(address)).toBeNull();
  });
});

describe("the kiosk's manifest: this shop's kiosk, installable", () => {
  const query = {
    shopId: 'cafe',
    name: 'Café Kanel',
    start: '/cafe?kiosk=1&idle=60&prompt=30&lng=en',
    themeColor: '#8b4513',
    backgroundColor: '#fff8f0',
    logo: '/demo/images/logo-cafe.svg',
  };
  const manifestOf = (href: string) => kioskManifest(new URL(href, ORIGIN).searchParams, ORIGIN);

  it("opens this shop's kiosk full screen, named after the shop, in its colours, with 192 and 512 px icons", () => {
    expect(manifestOf(kioskManifestHref(query))).toEqual({
      id: '/cafe?kiosk=1',
      name: 'Café Kanel',
      short_name: 'Café Kanel',
      start_url: '/cafe?kiosk=1&idle=60&prompt=30&lng=en',
      scope: '/',
      display: 'fullscreen',
      display_override: ['fullscreen', 'standalone'],
      orientation: 'any',
      theme_color: '#8b4513',
      background_color: '#fff8f0',
      icons: [
        { src: `${ORIGIN}/demo/images/logo-cafe.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ...OWN_ICONS,
      ],
    });
    expect(OWN_ICONS.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    expect(OWN_ICONS.every((icon) => icon.purpose.includes('maskable'))).toBe(true);
  });

  it('a shop without a logo (or with a picture whose size is unknown) gets our icons only', () => {
    expect(manifestOf(kioskManifestHref({ ...query, logo: null }))?.icons).toEqual(OWN_ICONS);
    expect(manifestOf(kioskManifestHref({ ...query, logo: '/demo/images/logo.png' }))?.icons).toEqual(
      OWN_ICONS,
    );
  });

  it('hostile input stays data: another start address, odd colours, a foreign http logo and a long name are refused', () => {
    const manifest = manifestOf(
      kioskManifestHref({
        ...query,
        name: `<script>alert(1)</script>${'x'.repeat(100)}`,
        start: 'https://evil.example/cafe?kiosk=1',
        themeColor: 'red;background:url(x)',
        backgroundColor: 'javascript:alert(1)',
        logo: 'http://evil.example/logo.svg',
      }),
    );
    expect(manifest?.start_url).toBe('/cafe?kiosk=1');
    expect(manifest?.theme_color).toBe('#1db954');
    expect(manifest?.background_color).toBe('#ffffff');
    expect(manifest?.icons).toEqual(OWN_ICONS);
    expect(String(manifest?.name)).toHaveLength(45);
    // Another shop's address is not this kiosk's either.
    expect(manifestOf(kioskManifestHref({ ...query, start: '/other?kiosk=1' }))?.start_url).toBe(
      '/cafe?kiosk=1',
    );
    // Always a kiosk, whatever the start address said.
    expect(manifestOf(kioskManifestHref({ ...query, start: '/cafe?kiosk=0' }))?.start_url).toBe(
      '/cafe?kiosk=1',
    );
  });

  it('without a shop there is no manifest', () => {
    expect(kioskManifest(new URLSearchParams(''), ORIGIN)).toBeNull();
  });
});
