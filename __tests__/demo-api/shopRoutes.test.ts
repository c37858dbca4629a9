/** Contract tests of the v2 shop calls: shop, session cookie, cart, tab, reference. */
import type { SessionResponse, ShopResponse } from '../../src/contract';
import { HOSTILE_STRINGS } from '../../src/demo-api/fixtures/fixtures';
import { CAFE, cafeCustomer, line, obj, startDemo, SWISH, type Harness } from './demoTestClient';

let h: Harness;
beforeAll(async () => {
  h = await startDemo();
});
afterAll(async () => {
  await h.close();
});

describe('GET shop', () => {
  it('answers the café with categories, extras groups, tags, stock and all three payment methods', async () => {
    const res = await h.client().get(CAFE);
    expect(res.status).toBe(200);
    const shop = res.json as ShopResponse;
    expect(shop.shop).toMatchObject({
      shopId: 'cafe',
      displayType: 'LARGE_IMAGE',
      isOpen: true,
      requireReference: false,
    });
    expect(shop.categories.length).toBeGreaterThanOrEqual(4);
    expect(shop.paymentMethods.map((m) => m.type).sort()).toEqual([
      'STRIPE',
      'SWISH_TRADE',
      'VIVA_WALLET_WEB',
    ]);
    expect(shop.paymentMethods.find((m) => m.type === 'STRIPE')?.stripeAccountId).toBe('acct_demo_cafe');
    expect(shop.deviationGroups['g-milk']).toMatchObject({ minCount: 1, maxCount: 1 });
    expect(shop.deviationGroups['g-syrup']).toMatchObject({ maxCount: 2 });
    expect(shop.deviationGroups['g-topping']).toMatchObject({ minCount: 1, maxCount: 3 });
    expect(shop.deviations['d-vanilla']?.price).toEqual({ amount: 500, currency: 'SEK' });
    expect(shop.articles.semla).toMatchObject({ limitStock: true, count: 3 });
    expect(shop.articles.prinsesstarta).toMatchObject({ limitStock: true, count: 0 });
    expect(Object.keys(shop.tags).length).toBeGreaterThan(0);
    expect(shop.shop.customerInputs?.nameInput).toEqual({ active: true, required: true });
    // Server-only fixture data (VAT) never leaks into the wire payload.
    expect(shop.articles.latte).not.toHaveProperty('tax');
    // Every product listed by a category exists.
    for (const category of shop.categories)
      for (const id of category.sortedProducts) expect(shop.articles[id]).toBeDefined();
  });

  it.each([
    ['restaurant', { requireReference: true, displayType: 'SMALL_IMAGE' }],
    ['closed', { isOpen: false }],
    ['kahvila', { displayType: 'LARGE_IMAGE' }],
    ['bigshop', { displayType: 'NO_IMAGE' }],
    ['tabonly', { displayType: 'NO_IMAGE' }],
  ])('answers %s', async (shopId, expected) => {
    const res = await h.client().get(`/api/v2/webshop/${shopId}`);
    expect(res.status).toBe(200);
    expect((res.json as ShopResponse).shop).toMatchObject(expected);
  });

  it('has a Finnish shop in EUR and a 2,000-product shop in 40 categories', async () => {
    const fi = (await h.client().get('/api/v2/webshop/kahvila')).json as ShopResponse;
    expect(fi.company.country).toBe('FINLAND');
    expect(Object.values(fi.articles).every((a) => a.price.currency === 'EUR')).toBe(true);
    const big = (await h.client().get('/api/v2/webshop/bigshop')).json as ShopResponse;
    expect(Object.keys(big.articles)).toHaveLength(2000);
    expect(big.categories).toHaveLength(40);
    const tabonly = (await h.client().get('/api/v2/webshop/tabonly')).json as ShopResponse;
    expect(tabonly.categories).toHaveLength(0);
  });

  it('returns the hostile shop texts verbatim', async () => {
    const shop = (await h.client().get('/api/v2/webshop/hostile')).json as ShopResponse;
    expect(shop.shop.title).toContain(HOSTILE_STRINGS.script);
    expect(shop.shop.primaryColor).toBe(HOSTILE_STRINGS.css);
    expect(shop.company.logo).toBe(HOSTILE_STRINGS.jsUrl);
    expect(shop.articles['x-script']?.image).toBe(HOSTILE_STRINGS.jsUrl);
    expect(shop.articles['x-sql']?.title).toBe(HOSTILE_STRINGS.sql);
  });

  it('answers 404 SHOP_NOT_FOUND for unknown shops on every shop call', async () => {
    const c = h.client();
    const base = '/api/v2/webshop/no-such-shop';
    const calls = [
      await c.get(base),
      await c.get(`${base}/cart`),
      await c.put(`${base}/cart`, { cart: [], tabItems: [] }),
      await c.post(`${base}/reference`, { reference: '01' }),
      await c.post(`${base}/cart/startPayment`, {
        paymentMethodId: 'x',
        customerInfo: {},
        orderReference: null,
      }),
      await c.post(`${base}/cart/cancelPayment`),
      await c.get(`${base}/receipt/ABC`),
    ];
    for (const res of calls) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ name: 'NOT_FOUND', errorCode: 'SHOP_NOT_FOUND' });
    }
  });

  it('serves generated SVG images and refuses other names', async () => {
    const ok = await h.client().get('/demo/images/latte.svg');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('image/svg+xml');
    expect(ok.text).toMatch(/^<svg/);
    expect((await h.client().get('/demo/images/..%2Fetc.svg')).status).toBe(404);
  });
});

describe('session cookie', () => {
  it('is set on first contact: random id, HttpOnly, SameSite=Lax, Path=/', async () => {
    const res = await h.client().get(`${CAFE}/cart`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/^sid=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const other = await h.client().get(`${CAFE}/cart`);
    expect(other.headers.getSetCookie()[0]).not.toBe(cookie);
  });

  it('is kept once set, and a forged value is replaced', async () => {
    const c = h.client();
    await c.get(`${CAFE}/cart`);
    const again = await c.get(`${CAFE}/cart`);
    expect(again.headers.getSetCookie()).toHaveLength(0);
    c.cookies.set('sid', "'; DROP TABLE carts; --");
    const forged = await c.get(`${CAFE}/cart`);
    expect(forged.status).toBe(200);
    expect(forged.headers.getSetCookie()[0]).toMatch(/^sid=[0-9a-f-]{36}\.[\w-]{43};/);
  });

  it('keeps carts per session and per shop', async () => {
    const a = h.client();
    const b = h.client();
    await a.put(`${CAFE}/cart`, { cart: [line('1', 'latte', 2, ['d-oat'])], tabItems: [] });
    expect(((await a.get(`${CAFE}/cart`)).json as SessionResponse).cart).toHaveLength(1);
    expect(((await b.get(`${CAFE}/cart`)).json as SessionResponse).cart).toHaveLength(0);
    expect(((await a.get('/api/v2/webshop/kahvila/cart')).json as SessionResponse).cart).toHaveLength(0);
  });
});

describe('GET/PUT cart', () => {
  it('answers an empty NOT_STARTED session for a new visitor without writing anything', async () => {
    const before = h.api.ctx.db.snapshot(['sessions', 'carts']);
    const res = await h.client().get(`${CAFE}/cart`);
    expect(res.json).toEqual({
      cart: [],
      tabItems: [],
      activeTab: null,
      paymentStatus: 'NOT_STARTED',
      paymentId: null,
      paymentIntentId: null,
      receiptId: null,
      paymentMethodId: null,
      message: null,
      orderReference: null,
    });
    expect(h.api.ctx.db.snapshot(['sessions', 'carts'])).toBe(before);
  });

  it('replaces the cart and answers the session', async () => {
    const c = h.client();
    const res = await c.put(`${CAFE}/cart`, {
      cart: [line('a', 'latte', 2, ['d-oat', 'd-vanilla'], 'Extra varm'), line('b', 'semla', 1)],
      tabItems: [],
    });
    expect(res.status).toBe(200);
    const session = res.json as SessionResponse;
    expect(session.cart).toEqual([
      {
        id: 'a',
        productId: 'latte',
        count: 2,
        deviations: ['d-oat', 'd-vanilla'],
        description: 'Extra varm',
      },
      { id: 'b', productId: 'semla', count: 1, deviations: [], description: null },
    ]);
    const replaced = await c.put(`${CAFE}/cart`, { cart: [line('c', 'brygg', 1)], tabItems: [] });
    expect((replaced.json as SessionResponse).cart.map((i) => i.id)).toEqual(['c']);
    expect(((await c.get(`${CAFE}/cart`)).json as SessionResponse).cart.map((i) => i.id)).toEqual(['c']);
  });

  it.each([
    ['an unknown product', [line('a', 'no-such-product', 1)], 400, 'PRODUCT_NOT_FOUND'],
    ['a product of another shop', [line('a', 'kahvi', 1)], 400, 'PRODUCT_NOT_FOUND'],
    [
      'an extra outside the product groups',
      [line('a', 'brygg', 1, ['d-vanilla'])],
      400,
      'DEVIATION_NOT_ALLOWED',
    ],
    ['an unknown extra', [line('a', 'latte', 1, ['d-nope'])], 400, 'DEVIATION_NOT_ALLOWED'],
    ['count 0', [line('a', 'latte', 0)], 400, 'VALIDATION_ERROR'],
    ['count 1000', [line('a', 'latte', 1000)], 400, 'VALIDATION_ERROR'],
    ['a fractional count', [line('a', 'latte', 1.5)], 400, 'VALIDATION_ERROR'],
    [
      'a count as text',
      [{ id: 'a', productId: 'latte', count: '2', deviations: [] }],
      400,
      'VALIDATION_ERROR',
    ],
    ['duplicate extras', [line('a', 'latte', 1, ['d-oat', 'd-oat'])], 400, 'VALIDATION_ERROR'],
    ['an unknown property', [{ ...line('a', 'latte', 1), price: 1 }], 400, 'VALIDATION_ERROR'],
  ])('refuses %s and keeps the stored cart', async (_label, cart, status, name) => {
    const c = h.client();
    await c.put(`${CAFE}/cart`, { cart: [line('keep', 'brygg', 1)], tabItems: [] });
    const res = await c.put(`${CAFE}/cart`, { cart, tabItems: [] });
    expect(res.status).toBe(status);
    expect(obj(res.json).name).toBe(name);
    expect(typeof obj(res.json).errorCode).toBe('string');
    expect(((await c.get(`${CAFE}/cart`)).json as SessionResponse).cart.map((i) => i.id)).toEqual(['keep']);
  });

  it('refuses tab selections without a tab', async () => {
    const res = await h.client().put(`${CAFE}/cart`, { cart: [], tabItems: [{ id: 'tab-12-1', count: 1 }] });
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('TAB_NOT_FOUND');
  });
});

describe('tabs and table references', () => {
  const R = '/api/v2/webshop/restaurant';

  it('attaches an open tab with its priced entries through ?tabId', async () => {
    const c = h.client();
    const session = (await c.get(`${R}/cart?tabId=tab-12`)).json as SessionResponse;
    expect(session.activeTab?.id).toBe('tab-12');
    expect(session.activeTab?.customerReference).toBe('Bord 12');
    const meatballs = session.activeTab?.cart.find((e) => e.id === 'tab-12-2');
    // Köttbullar 195,00 + Potatismos 0 + Extra lingon 10,00
    expect(meatballs).toMatchObject({
      count: 1,
      price: { amount: 20500, currency: 'SEK' },
      product: { id: 'kottbullar', title: 'Köttbullar med potatismos' },
    });
    expect(meatballs?.deviations.map((d) => d.id)).toEqual(['d-mash', 'd-extra-lingon']);
    // Still attached on the next load without the query.
    expect(((await c.get(`${R}/cart`)).json as SessionResponse).activeTab?.id).toBe('tab-12');
  });

  it('ignores unknown tabs and tabs of other shops', async () => {
    expect(((await h.client().get(`${R}/cart?tabId=tab-404`)).json as SessionResponse).activeTab).toBeNull();
    expect(((await h.client().get(`${R}/cart?tabId=tab-7`)).json as SessionResponse).activeTab).toBeNull();
  });

  it('validates tab selections against the tab and its counts', async () => {
    const c = h.client();
    await c.get(`${R}/cart?tabId=tab-12`);
    const ok = await c.put(`${R}/cart`, {
      cart: [],
      tabItems: [
        { id: 'tab-12-3', count: 3 },
        { id: 'tab-12-1', count: 0 },
      ],
    });
    expect(ok.status).toBe(200);
    expect((ok.json as SessionResponse).tabItems).toEqual([{ id: 'tab-12-3', count: 3 }]);
    const tooMany = await c.put(`${R}/cart`, { cart: [], tabItems: [{ id: 'tab-12-3', count: 4 }] });
    expect(tooMany.status).toBe(400);
    expect(obj(tooMany.json).name).toBe('TAB_ITEM_COUNT_EXCEEDED');
    const unknown = await c.put(`${R}/cart`, { cart: [], tabItems: [{ id: 'tab-7-1', count: 1 }] });
    expect(obj(unknown.json).name).toBe('TAB_ITEM_NOT_FOUND');
  });

  it('§2: the newest ?table decides: a known table sets the order reference, an unknown one clears an older one', async () => {
    const c = h.client();
    const reference = async (query: string) =>
      ((await c.get(`${R}/cart${query}`)).json as SessionResponse).orderReference;
    expect(await reference('?table=07')).toBe('07');
    expect(await reference('')).toBe('07');
    expect(await reference('?table=99')).toBeNull();
    expect(await reference('')).toBeNull();
    expect(await reference('?table=7')).toBe('07');
    const fresh = h.client();
    expect(((await fresh.get(`${R}/cart?table=<script>`)).json as SessionResponse).orderReference).toBeNull();
  });

  it('POST reference: known table → 204 and set; unknown → 404 REFERENCE_NOT_FOUND; empty → 400', async () => {
    const c = h.client();
    const ok = await c.post(`${R}/reference`, { reference: '12' });
    expect(ok.status).toBe(204);
    expect(((await c.get(`${R}/cart`)).json as SessionResponse).orderReference).toBe('12');
    expect((await c.post(`${R}/reference`, { reference: '5' })).status).toBe(204); // '5' is table '05'
    expect(((await c.get(`${R}/cart`)).json as SessionResponse).orderReference).toBe('05');
    const unknown = await c.post(`${R}/reference`, { reference: '21' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ name: 'NOT_FOUND', errorCode: 'REFERENCE_NOT_FOUND' });
    const empty = await c.post(`${R}/reference`, { reference: '   ' });
    expect(empty.status).toBe(400);
    expect(obj(empty.json).name).toBe('EMPTY_REFERENCE');
    expect(((await c.get(`${R}/cart`)).json as SessionResponse).orderReference).toBe('05');
  });

  it('§5: a shop without a table list takes any reference of a table’s shape, as given', async () => {
    const c = h.client();
    expect((await c.post(`${CAFE}/reference`, { reference: 'Bö7' })).status).toBe(204);
    expect(((await c.get(`${CAFE}/cart`)).json as SessionResponse).orderReference).toBe('Bö7');
    expect(((await c.get(`${CAFE}/cart?table=a12`)).json as SessionResponse).orderReference).toBe('a12');
  });
});

describe('§5 text from the address: an order reference without a table’s shape is never stored', () => {
  const LURE = 'Swisha till 0701234567';
  const reference = async (c: ReturnType<Harness['client']>) =>
    ((await c.get(`${CAFE}/cart`)).json as SessionResponse).orderReference;

  it('§5: GET cart with such a table stores nothing and clears the reference kept, as an unknown table does', async () => {
    const c = h.client();
    const lured = (await c.get(`${CAFE}/cart?table=${encodeURIComponent(LURE)}`)).json as SessionResponse;
    expect(lured.orderReference).toBeNull();
    expect(await reference(c)).toBeNull();
    await c.get(`${CAFE}/cart?table=A12`);
    await c.get(`${CAFE}/cart?table=${encodeURIComponent('A12 ring 070')}`);
    expect(await reference(c)).toBeNull();
  });

  it('§5: POST reference with such a reference is a malformed request: 400 VALIDATION_ERROR, the reference kept', async () => {
    const c = h.client();
    await c.post(`${CAFE}/reference`, { reference: 'A12' });
    const refused = await c.post(`${CAFE}/reference`, { reference: LURE });
    expect(refused.status).toBe(400);
    expect(obj(refused.json)).toMatchObject({ name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST' });
    expect(await reference(c)).toBe('A12');
  });

  it('§5: a start payment with such an orderReference is a malformed request: 400 VALIDATION_ERROR, nothing started', async () => {
    const c = h.client();
    expect((await c.put(`${CAFE}/cart`, { cart: [line('l1', 'brygg', 1)], tabItems: [] })).status).toBe(200);
    const refused = await c.post(`${CAFE}/cart/startPayment`, {
      paymentMethodId: SWISH,
      customerInfo: cafeCustomer(),
      orderReference: LURE,
    });
    expect(refused.status).toBe(400);
    expect(obj(refused.json)).toMatchObject({ name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST' });
    const after = (await c.get(`${CAFE}/cart`)).json as SessionResponse;
    expect(after).toMatchObject({ paymentStatus: 'NOT_STARTED', paymentId: null, orderReference: null });
  });
});
