import type { ShopResponse, StartPaymentRequest } from '../../../src/contract';
import type { ShopData } from '../../../src/domain/types';
import { MALFORMED_RESPONSE, NetworkError, createApi } from '../../../src/shared/api';
import { LAZY_FROM } from '../../../src/shared/api/lazyJson';
import { createShopPartReader } from '../../../src/shared/api/shopPart';
import type { Api } from '../../../src/shared/api';
import { startTestServer } from './testServer';
import type { RecordedRequest, TestServer } from './testServer';
import {
  paymentIntentResponse,
  receiptResponse,
  sessionResponse,
  shopResponse,
  startPaymentResponse,
} from './wireFixtures';

let server: TestServer;
let api: Api;
beforeAll(async () => {
  server = await startTestServer();
  api = createApi({ baseUrl: server.baseUrl });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.reply = () => ({ status: 200 });
});

function answer(json: unknown, status = 200) {
  server.reply = () => ({ status, json });
}

function onlyRequest(): RecordedRequest {
  expect(server.requests).toHaveLength(1);
  return server.requests[0] as RecordedRequest;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

async function malformed(promise: Promise<unknown>): Promise<NetworkError> {
  const e = await rejection(promise);
  expect(e).toBeInstanceOf(NetworkError);
  expect((e as NetworkError).code).toBe(MALFORMED_RESPONSE);
  return e as NetworkError;
}

/** Loads the shop fixture after `edit`, through the real server. */
async function loadShop(edit: (wire: ShopResponse) => void = () => undefined): Promise<ShopData> {
  const wire = shopResponse();
  edit(wire);
  answer(wire);
  return api.getShop('shop-1');
}

/** Shop answers that break the contract (§8), each by one edit. */
const badShops: [string, (w: ShopResponse) => void][] = [
  ['price.amount is a string', (w) => Object.assign(w.articles['p-1']?.price ?? {}, { amount: '129' })],
  [
    'price.amount is not an integer (§3 minor units)',
    (w) => Object.assign(w.articles['p-1']?.price ?? {}, { amount: 12.5 }),
  ],
  ['price.currency is unknown', (w) => Object.assign(w.articles['p-1']?.price ?? {}, { currency: 'USD' })],
  ['articles is an array', (w) => Object.assign(w, { articles: [w.articles['p-1']] })],
  ['tags is an array', (w) => Object.assign(w, { tags: [] })],
  ['displayType is unknown', (w) => Object.assign(w.shop, { displayType: 'HUGE_IMAGE' })],
  ['a payment method type is unknown', (w) => Object.assign(w.paymentMethods[0] ?? {}, { type: 'CASH' })],
  ['company.country is unknown', (w) => Object.assign(w.company, { country: 'NORWAY' })],
  ['company.logo is missing', (w) => delete (w.company as Partial<ShopResponse['company']>).logo],
  ['shop.description is a number', (w) => Object.assign(w.shop, { description: 5 })],
  [
    'an article has no title',
    (w) => delete (w.articles['p-1'] as Partial<ShopResponse['articles'][string]>).title,
  ],
  ['categories is an object', (w) => Object.assign(w, { categories: {} })],
  ['sortedProducts holds numbers', (w) => Object.assign(w.categories[0] ?? {}, { sortedProducts: [1, 2] })],
  [
    'a deviation group minCount is a string',
    (w) => Object.assign(w.deviationGroups['g-1'] ?? {}, { minCount: '1' }),
  ],
  ['limitStock is a string', (w) => Object.assign(w.articles['p-1'] ?? {}, { limitStock: 'false' })],
];

describe('getShop: GET /api/v2/webshop/{shopId} (§7)', () => {
  it('§7 loads the shop and maps wire records to store arrays (§3 entities)', async () => {
    const data = await loadShop();
    expect(onlyRequest()).toMatchObject({ method: 'GET', url: '/api/v2/webshop/shop-1' });
    expect(data).toEqual<ShopData>({
      shop: {
        shopId: 'shop-1',
        title: 'Ängen',
        description: '',
        primaryColor: '#1db954',
        backgroundColor: null,
        displayType: 'SMALL_IMAGE',
        openHours: [{ weekday: 1, opens: '08:00', closes: '17:00' }],
        active: true,
        isOpen: true,
        requireReference: false,
        refundPolicy: '',
        customerInputs: null,
      },
      company: {
        companyId: null,
        name: 'Café <Ängen> & Co',
        organizationnumber: '556677-8899',
        street: 'Storgatan 1',
        postalCode: '111 22',
        city: 'Stockholm',
        phone: '+46 8 123 45',
        email: 'info@angen.example',
        country: 'SWEDEN',
        currency: 'SEK',
        logo: 'https://cdn.example/logo.png',
      },
      products: [
        {
          id: 'p-1',
          title: '<b>Fish &amp; chips</b>',
          description: '',
          price: { amount: 12900, currency: 'SEK' },
          image: '/images/fish.png',
          categoryId: 'c-1',
          tagIds: ['t-1'],
          count: 3,
          limitStock: true,
          deviationGroupIds: ['g-1'],
        },
        {
          id: 'p-2',
          title: 'Coffee',
          description: 'Hot',
          price: { amount: 3500, currency: 'SEK' },
          image: null,
          categoryId: 'c-1',
          tagIds: [],
          count: 0,
          limitStock: false,
          deviationGroupIds: [],
        },
      ],
      categories: [{ id: 'c-1', name: 'Food', productIds: ['p-2', 'p-1'] }],
      deviations: [
        { id: 'd-1', name: 'Extra sauce', price: { amount: 500, currency: 'SEK' } },
        { id: 'd-2', name: 'No onion', price: null },
        { id: 'd-3', name: 'Lemon', price: null },
      ],
      deviationGroups: [
        { id: 'g-1', name: 'Extras', deviationIds: ['d-1', 'd-2', 'd-3'], minCount: null, maxCount: 2 },
      ],
      tags: [{ id: 't-1', tag: 'Vegan', color: '#0a0' }],
      paymentMethods: [
        { id: 'pm-1', type: 'SWISH_TRADE', stripeAccountId: null },
        { id: 'pm-2', type: 'STRIPE', stripeAccountId: 'acct_1' },
      ],
    });
  });

  it('§3 texts stay plain strings: HTML in titles and names is neither stripped nor decoded', async () => {
    const data = await loadShop((w) => {
      w.shop.description = '<script>alert(1)</script>';
      w.shop.refundPolicy = 'Refunds &lt;30 days&gt;';
    });
    expect(data.products[0]?.title).toBe('<b>Fish &amp; chips</b>');
    expect(data.company.name).toBe('Café <Ängen> & Co');
    expect(data.shop.description).toBe('<script>alert(1)</script>');
    expect(data.shop.refundPolicy).toBe('Refunds &lt;30 days&gt;');
  });

  it.each([
    ['SWEDEN', undefined, 'SEK'],
    ['FINLAND', undefined, 'EUR'],
    ['FINLAND', 'SEK', 'SEK'],
    ['SWEDEN', 'EUR', 'EUR'],
  ] as const)(
    '§9 company in %s with currency %s gets currency %s (explicit, else EUR for Finland, else SEK)',
    async (country, currency, expected) => {
      const data = await loadShop((w) => {
        w.company.country = country;
        if (currency === undefined) delete w.company.currency;
        else w.company.currency = currency;
      });
      expect(data.company.currency).toBe(expected);
    },
  );

  it('§3 customer inputs config is passed through; an absent one becomes null (the default config)', async () => {
    const rule = { active: true, required: false };
    const inputs = {
      nameInput: rule,
      emailInput: rule,
      phoneInput: rule,
      addressInput: rule,
      extraInfoInput: rule,
    };
    expect((await loadShop((w) => (w.shop.customerInputs = inputs))).shop.customerInputs).toEqual(inputs);
    const absent = await loadShop((w) => delete (w.shop as Partial<ShopResponse['shop']>).customerInputs);
    expect(absent.shop.customerInputs).toBeNull();
  });

  it.each([
    ['https://cdn.example/a.png', 'https://cdn.example/a.png'],
    ['http://cdn.example/a.png?x=1', 'http://cdn.example/a.png?x=1'],
    ['/static/logo.svg', '/static/logo.svg'],
    ['//evil.example/a.png', null],
    ['/\\evil.example/a.png', null],
    ['/\t/evil.example/a.png', null],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    [' javascript:alert(1)', null],
    ['data:image/svg+xml;base64,PHN2Zz4=', null],
    ['vbscript:msgbox(1)', null],
    ['images/a.png', null],
    ['../a.png', null],
    ['https://', null],
    ['http:img.png', null],
    ['HTTPS://CDN.EXAMPLE/A.PNG', 'HTTPS://CDN.EXAMPLE/A.PNG'],
    ['', null],
    [null, null],
  ])('§3 URL hygiene: logo and product image %j are kept as %j', async (raw, expected) => {
    const data = await loadShop((w) => {
      w.company.logo = raw;
      const article = w.articles['p-1'];
      if (article) article.image = raw;
    });
    expect(data.company.logo).toBe(expected);
    expect(data.products[0]?.image).toBe(expected);
  });

  it.each([
    ['#abc', '#abc'],
    ['#A1B2C3', '#A1B2C3'],
    ['red', '#888888'],
    ['#abcd', '#888888'],
    ['#12345g', '#888888'],
    ['#abc; background: url(javascript:alert(1))', '#888888'],
    ['', '#888888'],
  ])('§3 tag colour %j becomes %j (only #rgb or #rrggbb kept)', async (color, expected) => {
    const data = await loadShop((w) => {
      w.tags = { 't-1': { id: 't-1', tag: 'Vegan', color } };
    });
    expect(data.tags[0]?.color).toBe(expected);
  });

  it('§7 the shop id is one encoded path segment', async () => {
    await loadShop();
    server.requests.length = 0;
    answer(shopResponse());
    await api.getShop('a b/c?d#e');
    expect(onlyRequest().url).toBe('/api/v2/webshop/a%20b%2Fc%3Fd%23e');
  });

  it("§7 path segments '', '.' and '..' are refused before any request (they would reach another endpoint)", async () => {
    for (const id of ['', '.', '..']) {
      await expect(api.getShop(id)).rejects.toThrow(RangeError);
      await expect(api.getReceipt('shop-1', id)).rejects.toThrow(RangeError);
    }
    expect(() => api.receiptDownloadUrl('..', 'r')).toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });

  it('§4 shop load 404 rejects with a NetworkError of status 404 (the not-found state)', async () => {
    server.reply = () => ({ status: 404, text: 'Not Found' });
    const e = await rejection(api.getShop('missing'));
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).status).toBe(404);
    expect((e as NetworkError).reachedServer).toBe(true);
  });

  it.each(badShops)(
    '§8 a shop answer where %s is a MALFORMED_RESPONSE naming the call',
    async (_what, edit) => {
      const e = await malformed(loadShop(edit));
      expect(e.message).toBe('Unexpected answer');
      expect(e.detail).toMatch(/^GET \/api\/v2\/webshop\/shop-1: /);
      expect(e.status).toBe(200);
    },
  );
});

describe("the host's read of a shop (shopPart.ts): the same call, only the picked articles read (issue 37)", () => {
  const getShopPart = (...args: Parameters<ReturnType<typeof createShopPartReader>>) =>
    createShopPartReader({ baseUrl: server.baseUrl })(...args);
  const pickP1 = () => ['p-1'];
  /** The answer's text grown past LAZY_FROM (JSON allows any whitespace after it), as a big shop's is. */
  const big = (text: string) => text + ' '.repeat(LAZY_FROM);

  it('issue 37: reads the picked articles alone; the others are neither parsed nor checked', async () => {
    // p-2's title is no JSON value: a whole read would fail on it.
    const text = big(JSON.stringify(shopResponse()).replace('"title":"Coffee"', '"title":Coffee'));
    expect(() => void JSON.parse(text)).toThrow(SyntaxError);
    server.reply = () => ({ status: 200, text });
    const shop = await getShopPart('shop-1', pickP1);
    expect(shop.products.map((p) => p.id)).toEqual(['p-1']);
    expect(shop.categories[0]?.productIds).toEqual(['p-2', 'p-1']);
  });

  it('issue 37: with no pick it reads the same shop as getShop, small or big', async () => {
    answer(shopResponse());
    const whole = await api.getShop('shop-1');
    expect(await getShopPart('shop-1', () => null)).toEqual(whole);
    server.reply = () => ({ status: 200, text: big(JSON.stringify(shopResponse())) });
    expect(await getShopPart('shop-1', () => null)).toEqual(whole);
  });

  it('§8 a picked article that is not JSON is a MALFORMED_RESPONSE naming it', async () => {
    const text = big(JSON.stringify(shopResponse()).replace(/"p-1":\{/, '"p-1":{"x": tru,'));
    server.reply = () => ({ status: 200, text });
    expect((await malformed(getShopPart('shop-1', pickP1))).detail).toMatch(/articles\.p-1: not JSON/);
  });

  it.each(badShops)('§8 a shop answer where %s is a MALFORMED_RESPONSE here too', async (_what, edit) => {
    const wire = shopResponse();
    edit(wire);
    answer(wire);
    await malformed(getShopPart('shop-1', () => null));
    server.reply = () => ({ status: 200, text: big(JSON.stringify(wire)) });
    await malformed(getShopPart('shop-1', () => null));
  });
});

describe('getSession: GET .../cart (§7)', () => {
  it('§2 sends table and tabId as query parameters and maps the session and its open tab', async () => {
    answer(sessionResponse());
    const session = await api.getSession('shop-1', { table: '4', tabId: 'tab 1' });
    expect(onlyRequest()).toMatchObject({
      method: 'GET',
      url: '/api/v2/webshop/shop-1/cart?table=4&tabId=tab+1',
    });
    expect(session).toEqual({
      cart: [
        { id: 'ci-1', productId: 'p-1', count: 2, deviations: ['d-1'], description: '' },
        { id: 'ci-2', productId: 'p-2', count: 1, deviations: [], description: '' },
      ],
      tabItems: [{ id: 'te-1', count: 1 }],
      activeTab: {
        id: 'tab-1',
        customerReference: 'Table 4',
        entries: [
          {
            id: 'te-1',
            count: 2,
            price: { amount: 4000, currency: 'SEK' },
            productId: 'p-2',
            title: 'Coffee',
            deviations: [{ id: 'd-1', name: 'Extra sauce', price: { amount: 500, currency: 'SEK' } }],
            description: '',
            // §3 a backend without tab holds says nothing of them: none held.
            beingPaid: 0,
          },
        ],
      },
      paymentStatus: 'STARTED',
      paymentId: 'pay-1',
      paymentIntentId: null,
      receiptId: null,
      paymentMethodId: 'pm-1',
      message: null,
      orderReference: '4',
    });
  });

  it('§2 leaves out empty or missing query parameters; a null activeTab stays null', async () => {
    answer({ ...sessionResponse(), activeTab: null, paymentStatus: null });
    const session = await api.getSession('shop-1', { table: '' });
    await api.getSession('shop-1');
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v2/webshop/shop-1/cart',
      '/api/v2/webshop/shop-1/cart',
    ]);
    expect(session.activeTab).toBeNull();
    expect(session.paymentStatus).toBeNull();
  });

  it('§8 a session with an unknown paymentStatus is a MALFORMED_RESPONSE', async () => {
    answer({ ...sessionResponse(), paymentStatus: 'PAID' });
    await malformed(api.getSession('shop-1'));
  });

  it('§8 a session whose cart item count is a string is a MALFORMED_RESPONSE', async () => {
    const wire = sessionResponse();
    answer({ ...wire, cart: [{ ...wire.cart[0], count: '2' }] });
    await malformed(api.getSession('shop-1'));
  });
});

describe('putCart: PUT .../cart (§7)', () => {
  it('§7 sends {cart, tabItems:[{id,count}]} and resolves on an empty answer', async () => {
    const tabItem = { id: 'te-1', count: 1, productId: 'p-2', title: 'Coffee' };
    await expect(
      api.putCart('shop-1', {
        cart: [{ id: 'ci-1', productId: 'p-1', count: 2, deviations: ['d-1'], description: 'no salt' }],
        tabItems: [tabItem],
      }),
    ).resolves.toBeUndefined();
    const req = onlyRequest();
    expect([req.method, req.url]).toEqual(['PUT', '/api/v2/webshop/shop-1/cart']);
    expect(JSON.parse(req.body)).toEqual({
      cart: [{ id: 'ci-1', productId: 'p-1', count: 2, deviations: ['d-1'], description: 'no salt' }],
      tabItems: [{ id: 'te-1', count: 1 }],
    });
  });
});

describe('startPayment: POST .../cart/startPayment (§7)', () => {
  const request: StartPaymentRequest = {
    paymentMethodId: 'pm-1',
    customerInfo: {
      name: 'Anna',
      email: 'anna@example.com',
      phone: '0701234567',
      extraInfo: '',
      postalCode: '',
      address: '',
      city: '',
      isMobile: true,
    },
    orderReference: '4',
  };

  it('§7 sends {paymentMethodId, customerInfo, orderReference} and returns the paymentId', async () => {
    answer(startPaymentResponse());
    await expect(api.startPayment('shop-1', request)).resolves.toEqual({
      paymentId: 'pay-1',
      token: 'tok-1',
      clientSecret: null,
    });
    const req = onlyRequest();
    expect([req.method, req.url]).toEqual(['POST', '/api/v2/webshop/shop-1/cart/startPayment']);
    expect(JSON.parse(req.body)).toEqual(request);
  });

  it('issue 9: the fingerprint of the shown cart (and the kiosk flag) travel with the start when set', async () => {
    answer(startPaymentResponse());
    await api.startPayment('shop-1', { ...request, cartFingerprint: 'SEK:3500:0badf00d', kiosk: true });
    expect(JSON.parse(onlyRequest().body)).toEqual({
      ...request,
      cartFingerprint: 'SEK:3500:0badf00d',
      kiosk: true,
    });
  });

  it('§4 a 400 answer rejects with the returned name as message', async () => {
    answer({ name: 'INVALID_PHONE_NUMBER', errorCode: 'RF07' }, 400);
    const e = await rejection(api.startPayment('shop-1', request));
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).message).toBe('INVALID_PHONE_NUMBER');
    expect((e as NetworkError).code).toBe('RF07');
  });

  it('§8 OUT_OF_STOCK on start rejects with the stock levels', async () => {
    answer({ name: 'OUT_OF_STOCK', errorCode: 'E', message: '[{"id":"p-1","stock":1}]' }, 400);
    const e = await rejection(api.startPayment('shop-1', request));
    expect((e as NetworkError).stockLevels).toEqual([{ id: 'p-1', stock: 1 }]);
  });

  it('§8 an answer without paymentId is a MALFORMED_RESPONSE', async () => {
    answer({ token: 'tok' });
    await malformed(api.startPayment('shop-1', request));
  });
});

describe('cancelPayment: POST .../cart/cancelPayment (§7, §8)', () => {
  it('§7 posts without a body and resolves on an ok answer', async () => {
    await expect(api.cancelPayment('shop-1')).resolves.toBeUndefined();
    const req = onlyRequest();
    expect([req.method, req.url, req.body]).toEqual([
      'POST',
      '/api/v2/webshop/shop-1/cart/cancelPayment',
      '',
    ]);
  });

  it.each([409, 404])('§8 cancelling a payment ignores status %i', async (status) => {
    server.reply = () => ({ status, text: 'nothing to cancel' });
    await expect(api.cancelPayment('shop-1')).resolves.toBeUndefined();
  });

  it.each([400, 500, 0])('§8 cancelling a payment rethrows status %i', async (status) => {
    if (status === 0) {
      const offline = createApi({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
      await expect(offline.cancelPayment('shop-1')).rejects.toMatchObject({ status: 0 });
      return;
    }
    server.reply = () => ({ status, text: 'boom' });
    const e = await rejection(api.cancelPayment('shop-1'));
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).status).toBe(status);
  });
});

describe('receipt calls (§7)', () => {
  it('§3 getReceipt maps the receipt: currency defaults to SEK, deviation count to 1, null description to ""', async () => {
    answer(receiptResponse());
    const receipt = await api.getReceipt('shop-1', 'r 1');
    expect(onlyRequest()).toMatchObject({ method: 'GET', url: '/api/v2/webshop/shop-1/receipt/r%201' });
    expect(receipt.currency).toBe('SEK');
    expect(receipt.products[0]?.description).toBe('');
    expect(receipt.products[0]?.discount).toEqual({ type: 'PERCENTAGE', amount: 10 });
    expect(receipt.products[0]?.deviations).toEqual([
      { id: 'd-1', name: 'Extra sauce', count: 1, price: 500, tax: 12 },
      { id: 'd-3', name: 'Lemon', count: 2, price: 0, tax: 12 },
    ]);
    expect(receipt.paymentMethods).toEqual([{ id: 'pl-1', type: 'SWISH', amount: 24120 }]);
    expect(receipt).toMatchObject({
      id: 'r-1',
      receiptId: '1001',
      postalcode: '111 22',
      controlUnitResponse: 'CTRL-1',
    });
  });

  it('§3 getReceipt keeps an explicit currency and discount null', async () => {
    const wire = receiptResponse();
    answer({ ...wire, currency: 'EUR', products: [{ ...wire.products[0], discount: null }] });
    const receipt = await api.getReceipt('shop-1', 'r-1');
    expect(receipt.currency).toBe('EUR');
    expect(receipt.products[0]?.discount).toBeNull();
  });

  it('§8 a receipt whose products is missing is a MALFORMED_RESPONSE', async () => {
    const { products: _products, ...rest } = receiptResponse();
    answer(rest);
    await malformed(api.getReceipt('shop-1', 'r-1'));
  });

  it('§7 emailReceipt posts {email} to .../receipt/{receiptId}/email', async () => {
    await expect(api.emailReceipt('shop-1', 'r-1', 'anna@example.com')).resolves.toBeUndefined();
    const req = onlyRequest();
    expect([req.method, req.url, JSON.parse(req.body)]).toEqual([
      'POST',
      '/api/v2/webshop/shop-1/receipt/r-1/email',
      { email: 'anna@example.com' },
    ]);
  });

  it('§8 emailReceipt failure rejects with a NetworkError (receipt.emailError)', async () => {
    server.reply = () => ({ status: 500, text: 'mail down' });
    await expect(api.emailReceipt('shop-1', 'r-1', 'a@b.c')).rejects.toMatchObject({
      status: 500,
      message: 'HTTP 500',
      detail: 'POST /api/v2/webshop/shop-1/receipt/r-1/email answered 500: mail down',
    });
  });

  it('§7 receiptDownloadUrl is the .../receipt/{receiptId}/download URL, same origin by default', () => {
    expect(api.receiptDownloadUrl('shop 1', 'r/1')).toBe(
      `${server.baseUrl}/api/v2/webshop/shop%201/receipt/r%2F1/download`,
    );
    expect(createApi().receiptDownloadUrl('shop-1', 'r-1')).toBe(
      '/api/v2/webshop/shop-1/receipt/r-1/download',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('submitReference: POST .../reference (§7)', () => {
  it('§7 posts {reference}', async () => {
    await expect(api.submitReference('shop-1', '12')).resolves.toBeUndefined();
    const req = onlyRequest();
    expect([req.method, req.url, JSON.parse(req.body)]).toEqual([
      'POST',
      '/api/v2/webshop/shop-1/reference',
      { reference: '12' },
    ]);
  });

  it('§5 a server not-found answer rejects with its name (reference.notFound)', async () => {
    answer({ name: 'REFERENCE_NOT_FOUND', errorCode: 'E_REF' }, 400);
    await expect(api.submitReference('shop-1', '99')).rejects.toMatchObject({
      status: 400,
      message: 'REFERENCE_NOT_FOUND',
    });
  });
});

describe('bookkeeping calls (§7 other calls)', () => {
  it.each(['visma', 'fortnox'] as const)(
    '§7 integrate posts {authorizationCode, scopes} to .../%s/integrate/{companyId}',
    async (bookkeeper) => {
      await expect(
        api.integrate(bookkeeper, 'co 1', { authorizationCode: 'code', scopes: 'a b' }),
      ).resolves.toBeUndefined();
      const req = onlyRequest();
      expect([req.method, req.url, JSON.parse(req.body)]).toEqual([
        'POST',
        `/api/v1/webshop/bookkeeping/${bookkeeper}/integrate/co%201`,
        { authorizationCode: 'code', scopes: 'a b' },
      ]);
    },
  );

  it('§9 only Visma and Fortnox: another bookkeeper is refused before any request', async () => {
    const other = 'sage' as unknown as 'visma';
    await expect(api.integrate(other, 'co-1', { authorizationCode: 'c', scopes: '' })).rejects.toThrow(
      RangeError,
    );
    await expect(api.getIntegrationUrl('co-1', other, 'auth')).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });

  it('§8 integrate failure carries the error name (integrate.vismaIntegrationFailed: {name})', async () => {
    answer({ name: 'INVALID_GRANT', errorCode: 'E' }, 400);
    await expect(
      api.integrate('visma', 'co-1', { authorizationCode: 'c', scopes: '' }),
    ).rejects.toMatchObject({ message: 'INVALID_GRANT' });
  });

  it('§7 getIntegrationUrl GETs .../integrationUrl/{companyId}/{bookkeeper}/{authCode} and returns integrationUrl', async () => {
    answer({ integrationUrl: 'https://apps.fortnox.example/oauth?client=1' });
    await expect(api.getIntegrationUrl('co-1', 'fortnox', 'a/b')).resolves.toBe(
      'https://apps.fortnox.example/oauth?client=1',
    );
    expect(onlyRequest()).toMatchObject({
      method: 'GET',
      url: '/api/v1/webshop/bookkeeping/integrationUrl/co-1/fortnox/a%2Fb',
    });
  });

  it.each(['javascript:alert(1)', '//evil.example', 'data:text/html,x', ''])(
    '§8 an integrationUrl of %j is a MALFORMED_RESPONSE (the browser is navigated to it)',
    async (integrationUrl) => {
      answer({ integrationUrl });
      await malformed(api.getIntegrationUrl('co-1', 'visma', 'auth'));
    },
  );
});

describe('getReceiptPdf: GET /api/v1/webshop/download/{companyId}/{receiptId} (§7)', () => {
  it('§7 returns pdfData.data as bytes', async () => {
    answer({ pdfData: { data: [37, 80, 68, 70, 0, 255] } });
    const bytes = await api.getReceiptPdf('co-1', 'r-1');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(bytes)).toEqual([37, 80, 68, 70, 0, 255]);
    expect(onlyRequest()).toMatchObject({ method: 'GET', url: '/api/v1/webshop/download/co-1/r-1' });
  });

  it.each([[[256]], [[-1]], [[1.5]], [['1']], [null]])(
    '§8 pdf data %j (not bytes 0–255) is a MALFORMED_RESPONSE',
    async (data) => {
      answer({ pdfData: { data } });
      await malformed(api.getReceiptPdf('co-1', 'r-1'));
    },
  );

  it('§8 receipt download status 400 rejects with the server message', async () => {
    answer({ name: 'RECEIPT_NOT_FOUND', errorCode: 'E' }, 400);
    await expect(api.getReceiptPdf('co-1', 'r-1')).rejects.toMatchObject({
      status: 400,
      message: 'RECEIPT_NOT_FOUND',
    });
  });
});

describe('getPaymentIntent: GET /api/v1/company/{companyId}/payments/{paymentIntentId} (§7)', () => {
  it('§7 returns paymentIntent with status and paymentData', async () => {
    answer(paymentIntentResponse());
    await expect(api.getPaymentIntent('co-1', 'pi_1')).resolves.toEqual(
      paymentIntentResponse().paymentIntent,
    );
    expect(onlyRequest()).toMatchObject({ method: 'GET', url: '/api/v1/company/co-1/payments/pi_1' });
  });

  it('§8 an unknown payment intent status is a MALFORMED_RESPONSE', async () => {
    const wire = paymentIntentResponse();
    answer({ paymentIntent: { ...wire.paymentIntent, status: 'SUCCEEDED' } });
    await malformed(api.getPaymentIntent('co-1', 'pi_1'));
  });

  it('§8 payment intent fetch not ok rejects with a NetworkError', async () => {
    server.reply = () => ({ status: 502, text: 'Bad gateway' });
    await expect(api.getPaymentIntent('co-1', 'pi_1')).rejects.toMatchObject({
      status: 502,
      reachedServer: false,
    });
  });
});

describe('createApi with an injected fetch double', () => {
  it('an AbortSignal given to a call reaches fetch, and aborting rejects with status 0 and ABORTED', async () => {
    const seen: (AbortSignal | null | undefined)[] = [];
    const double = createApi({
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          seen.push(init.signal);
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    });
    const controller = new AbortController();
    const pending = double.getSession('shop-1', { table: '1' }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, reachedServer: false, code: 'ABORTED' });
    expect(seen).toEqual([controller.signal]);
  });

  it('§6 routes every call through the injected fetch with credentials included', async () => {
    const calls: [string, RequestInit][] = [];
    const double = createApi({
      baseUrl: 'https://api.example',
      fetch: async (input, init) => {
        calls.push([input, init]);
        return new Response(null, { status: 200 });
      },
    });
    await double.submitReference('s', 'r');
    await double.cancelPayment('s');
    expect(calls.map(([url, init]) => [url, init.method, init.credentials])).toEqual([
      ['https://api.example/api/v2/webshop/s/reference', 'POST', 'include'],
      ['https://api.example/api/v2/webshop/s/cart/cancelPayment', 'POST', 'include'],
    ]);
  });
});
