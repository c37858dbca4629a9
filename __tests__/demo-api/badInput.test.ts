/**
 * Bad input: generated bodies (fast-check) at every write route, and hand-written malformed requests. Each
 * must answer 4xx `{ name, errorCode }` and leave the database exactly as it was.
 */
import fc from 'fast-check';
import type { SessionResponse, StartPaymentResponse } from '../../src/contract';
import { validateField } from '../../src/domain/customerInfo';
import {
  CAFE,
  cafeCustomer,
  line,
  obj,
  startDemo,
  type Answer,
  type Client,
  type Harness,
} from './demoTestClient';

let h: Harness;
/** Café session with a cart and nothing pending (startPayment, PUT cart). */
let shopper: Client;
/** Café session with a pending Swish payment (cancelPayment, simulator control). */
let waiting: Client;
let pendingPaymentId: string;
/** Restaurant session (reference). */
let diner: Client;
let receiptId: string;
let authorizationCode: string;

beforeAll(async () => {
  h = await startDemo();
  shopper = h.client();
  await shopper.put(`${CAFE}/cart`, { cart: [line('a', 'latte', 1, ['d-oat'])], tabItems: [] });

  const buyer = h.client();
  await buyer.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', 1)], tabItems: [] });
  const paid = (
    await buyer.post(`${CAFE}/cart/startPayment`, {
      paymentMethodId: 'pm-cafe-swish',
      customerInfo: cafeCustomer(),
      orderReference: null,
    })
  ).json as StartPaymentResponse;
  await buyer.post(`/demo/api/payments/${paid.paymentId}/approve`);
  receiptId = ((await buyer.get(`${CAFE}/cart`)).json as SessionResponse).receiptId ?? '';

  waiting = h.client();
  await waiting.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', 2)], tabItems: [] });
  pendingPaymentId = (
    (
      await waiting.post(`${CAFE}/cart/startPayment`, {
        paymentMethodId: 'pm-cafe-swish',
        customerInfo: cafeCustomer(),
        orderReference: null,
      })
    ).json as StartPaymentResponse
  ).paymentId;

  diner = h.client();
  await diner.get('/api/v2/webshop/restaurant/cart?tabId=tab-12');

  const approve = await h.client().form('/demo/oauth/fortnox/decision', {
    companyId: 'c-cafe',
    scopeState: 'DEMOAUTH',
    decision: 'approve',
  });
  authorizationCode =
    new URL(approve.headers.get('location') ?? '', 'http://x').searchParams.get('code') ?? '';
  expect(receiptId).not.toBe('');
  expect(authorizationCode).not.toBe('');
});
afterAll(async () => {
  await h.close();
});

/** One generated request. */
interface Req {
  path: string;
  /** Raw body text; undefined sends none. */
  body?: string;
  contentType?: string;
}

const hostile = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE carts; --",
  '" OR 1=1 --',
  '../../etc/passwd',
  '\u0000\u0001',
  '🍕\u202egnalp',
  '{{constructor.constructor("alert(1)")()}}',
  '__proto__',
  'javascript:alert(1)',
  '%00%2e%2e',
);
const overlong = fc.constantFrom(65, 255, 501, 1001, 5000, 70_000).map((n) => 'x'.repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  // Finite: JSON has no NaN or Infinity, and JSON.stringify sends them as null, a value of its own (a null
  // description is no description) that would not be the wrong type this generator means.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const badCount = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 1000 }),
  fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53, 1e308, -1, '5', '1e3', null, true),
);
/** Not an id at all (any well-formed id is valid where the client makes the ids, e.g. cart item ids). */
const badIdShape = fc.oneof(hostile, overlong, wrongType, fc.constant(''));
/** Not an id, or a well-formed id nobody knows. */
const badId = fc.oneof(
  badIdShape,
  fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/).map((s) => `zz-${s}`),
);
const DELETE = Symbol('delete');

/** A deep copy of `base` with the value at `path` replaced (or deleted). */
function mutate(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last === undefined) return value;
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return copy;
}

/** Bodies built from a valid one with one invalidating change, plus arbitrary JSON and raw text. */
function bodies(
  base: unknown,
  mutations: fc.Arbitrary<unknown>[],
  requiredKey: string,
): fc.Arbitrary<Req & { json?: unknown }> {
  const arbitraryJson = fc
    .jsonValue({ maxDepth: 3 })
    .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && requiredKey in v));
  return fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...mutations).map((json) => ({ path: '', json })) },
    { weight: 2, arbitrary: arbitraryJson.map((json) => ({ path: '', json })) },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 40 })
        .filter((s) => !isJsonObject(s))
        .map((body) => ({ path: '', body, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        )
        .map((contentType) => ({ path: '', body: JSON.stringify(base), contentType })),
    },
  );
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object';
  } catch {
    return text.trim() === '';
  }
}

async function send(c: Client, method: string, req: Req & { json?: unknown }): Promise<Answer> {
  if ('json' in req) {
    return req.json === undefined
      ? c.request(method, req.path)
      : c.request(method, req.path, {
          body: JSON.stringify(req.json),
          headers: { 'content-type': 'application/json' },
        });
  }
  return c.request(method, req.path, {
    body: req.body,
    headers: req.contentType ? { 'content-type': req.contentType } : {},
  });
}

function expectRejected(res: Answer): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = obj(res.json);
  expect(typeof body.name).toBe('string');
  expect(['string', 'number']).toContain(typeof body.errorCode);
}

const RUNS = { numRuns: 100 };

/** Runs the property; answers the error names seen, so each test can check the generators reach deep checks. */
async function property(
  c: Client,
  method: string,
  path: string,
  arb: fc.Arbitrary<Req & { json?: unknown }>,
  examples: (Req & { json?: unknown })[] = [],
): Promise<Set<string>> {
  const names = new Set<string>();
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      const before = h.api.ctx.db.snapshot();
      const res = await send(c, method, { ...req, path: req.path || path });
      expectRejected(res);
      names.add(String(obj(res.json).name));
      expect(h.api.ctx.db.snapshot()).toBe(before);
    }),
    // The examples always run first, so every deep check is reached whatever the random draw.
    { ...RUNS, examples: examples.map((example): [Req & { json?: unknown }] => [example]) },
  );
  return names;
}

describe('generated bad bodies leave the database unchanged', () => {
  it('PUT cart', async () => {
    const base = { cart: [line('a', 'latte', 1, ['d-oat'])], tabItems: [] };
    const seen = await property(
      shopper,
      'PUT',
      `${CAFE}/cart`,
      bodies(
        base,
        [
          badCount.map((v) => mutate(base, ['cart', 0, 'count'], v)),
          badId.map((v) => mutate(base, ['cart', 0, 'productId'], v)),
          fc.constantFrom('kahvi', 'b-0001', 'zz-none').map((v) => mutate(base, ['cart', 0, 'productId'], v)),
          fc
            .constantFrom('d-cream', 'd-kaura', 'zz-none')
            .map((v) => mutate(base, ['cart', 0, 'deviations'], ['d-oat', v])),
          badId.map((v) => mutate(base, ['cart', 0, 'deviations'], [v])),
          wrongType
            .filter((v) => !Array.isArray(v) || v.length > 0)
            .map((v) => mutate(base, ['cart', 0, 'deviations'], v)),
          fc
            .oneof(
              overlong.filter((s) => s.length > 500),
              wrongType.filter((v) => v !== null && typeof v !== 'string'),
            )
            .map((v) => mutate(base, ['cart', 0, 'description'], v)),
          badIdShape.map((v) => mutate(base, ['cart', 0, 'id'], v)),
          wrongType.filter((v) => !Array.isArray(v) || v.length > 0).map((v) => mutate(base, ['cart'], v)),
          fc.constant(
            mutate(
              base,
              ['cart'],
              Array.from({ length: 201 }, (_, i) => line(`l${i}`, 'brygg', 1)),
            ),
          ),
          fc
            .oneof(badId, fc.constant('tab-12-1'))
            .map((id) => mutate(base, ['tabItems'], [{ id, count: 1 }])),
          badCount
            .filter((v) => v !== 0)
            .map((v) => mutate(base, ['tabItems'], [{ id: 'tab-12-1', count: v }])),
          fc.constant(mutate(base, ['cart'], DELETE)),
          fc.jsonValue().map((v) => mutate(base, ['extra'], v)),
          fc.jsonValue().map((v) => mutate(base, ['cart', 0, 'price'], v)),
        ],
        'cart',
      ),
      [
        { path: '', json: { cart: [line('a', 'kahvi', 1)], tabItems: [] } },
        { path: '', json: { cart: [line('a', 'latte', 1, ['d-cream'])], tabItems: [] } },
        { path: '', json: { cart: [], tabItems: [{ id: 'tab-12-1', count: 1 }] } },
        { path: '', json: { cart: [line('a', 'latte', 0)], tabItems: [] } },
        { path: '', body: '{"cart":[]}', contentType: 'text/plain' },
      ],
    );
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'PRODUCT_NOT_FOUND',
        'DEVIATION_NOT_ALLOWED',
        'TAB_NOT_FOUND',
        'UNSUPPORTED_MEDIA_TYPE',
      ]),
    );
  });

  it('POST startPayment', async () => {
    const base = { paymentMethodId: 'pm-cafe-swish', customerInfo: cafeCustomer(), orderReference: null };
    const customerFields = ['name', 'email', 'phone', 'extraInfo', 'postalCode', 'address', 'city'];
    const seen = await property(
      shopper,
      'POST',
      `${CAFE}/cart/startPayment`,
      bodies(
        base,
        [
          badId.map((v) => mutate(base, ['paymentMethodId'], v)),
          fc
            .constantFrom('pm-kahvila-viva', 'pm-restaurant-swish', 'pm-cafe-paypal')
            .map((v) => mutate(base, ['paymentMethodId'], v)),
          fc
            .tuple(
              fc.constantFrom(...customerFields),
              fc.oneof(
                overlong.filter((s) => s.length > 500),
                wrongType,
              ),
            )
            .map(([k, v]) => mutate(base, ['customerInfo', k], v)),
          fc
            .oneof(hostile, fc.string({ maxLength: 30 }))
            .filter((e) => validateField('email', e, { active: true, required: true }) !== null)
            .map((v) => mutate(base, ['customerInfo', 'email'], v)),
          fc.constantFrom('', '   ', '\t').map((v) => mutate(base, ['customerInfo', 'name'], v)),
          wrongType
            .filter((v) => typeof v !== 'boolean')
            .map((v) => mutate(base, ['customerInfo', 'isMobile'], v)),
          wrongType
            .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v)))
            .map((v) => mutate(base, ['customerInfo'], v)),
          fc.oneof(overlong, fc.integer(), fc.boolean()).map((v) => mutate(base, ['orderReference'], v)),
          fc.constant(
            mutate(mutate(base, ['customerInfo', 'phone'], ''), ['customerInfo', 'isMobile'], false),
          ),
          fc.constantFrom('paymentMethodId', 'customerInfo').map((k) => mutate(base, [k], DELETE)),
          fc.jsonValue().map((v) => mutate(base, ['amount'], v)),
          fc.jsonValue().map((v) => mutate(base, ['customerInfo', 'isAdmin'], v)),
          // Issue 9: the optional cart fingerprint is a bounded string, kiosk a boolean.
          fc
            .oneof(
              overlong.filter((s) => s.length > 128),
              wrongType.filter((v) => typeof v !== 'string'),
              fc.constant(''),
            )
            .map((v) => mutate(base, ['cartFingerprint'], v)),
          // A well-formed fingerprint of some other cart: 409 CART_CHANGED, nothing started.
          fc
            .oneof(hostile, fc.string({ minLength: 1, maxLength: 128 }))
            .map((v) => mutate(base, ['cartFingerprint'], v)),
          wrongType.filter((v) => typeof v !== 'boolean').map((v) => mutate(base, ['kiosk'], v)),
        ],
        'paymentMethodId',
      ),
      [
        { path: '', json: { ...base, paymentMethodId: 'pm-kahvila-viva' } },
        { path: '', json: { ...base, customerInfo: cafeCustomer({ name: '' }) } },
        { path: '', json: { ...base, customerInfo: cafeCustomer({ phone: '' }) } },
        { path: '', json: { ...base, customerInfo: cafeCustomer({ isMobile: 'yes' }) } },
        { path: '', json: { ...base, cartFingerprint: 'SEK:4500:00000000' } },
        { path: '', json: { ...base, cartFingerprint: 42 } },
        { path: '', json: { ...base, kiosk: 'true' } },
      ],
    );
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'PAYMENT_METHOD_NOT_FOUND',
        'INVALID_CUSTOMER_INFO',
        'PHONE_REQUIRED',
        'CART_CHANGED',
      ]),
    );
  });

  it('POST cancelPayment (a payment is pending: only empty bodies may cancel it)', async () => {
    const arb = fc.oneof(
      fc
        .jsonValue({ maxDepth: 2 })
        .filter(
          (v) => v !== null && !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
        )
        .map((json) => ({ path: '', json })),
      fc
        .string({ minLength: 1, maxLength: 30 })
        .filter((s) => !isJsonObject(s))
        .map((body) => ({ path: '', body, contentType: 'application/json' })),
      fc
        .constantFrom('text/plain', 'application/octet-stream')
        .map((contentType) => ({ path: '', body: 'cancel', contentType })),
    );
    const seen = await property(waiting, 'POST', `${CAFE}/cart/cancelPayment`, arb, [
      { path: '', json: { cancel: true } },
    ]);
    expect([...seen]).toEqual(expect.arrayContaining(['VALIDATION_ERROR']));
    expect(((await waiting.get(`${CAFE}/cart`)).json as SessionResponse).paymentStatus).toBe('STARTED');
  });

  it('POST reference', async () => {
    const base = { reference: '01' };
    const notATable = (s: string) => !/^\s*\d{1,2}\s*$/.test(s) || Number(s) < 1 || Number(s) > 20;
    const seen = await property(
      diner,
      'POST',
      '/api/v2/webshop/restaurant/reference',
      bodies(
        base,
        [
          fc
            .oneof(hostile, fc.string({ maxLength: 32 }), overlong)
            .filter((s) => typeof s !== 'string' || notATable(s))
            .map((v) => mutate(base, ['reference'], v)),
          wrongType.map((v) => mutate(base, ['reference'], v)),
          fc.constantFrom('', '   ', '\t').map((v) => mutate(base, ['reference'], v)),
          fc
            .constantFrom('21', '00', 'Bord 7', '<b>1</b>', "1' OR '1'='1")
            .map((v) => mutate(base, ['reference'], v)),
          fc.constant(mutate(base, ['reference'], DELETE)),
          fc.jsonValue().map((v) => mutate(base, ['table'], v)),
        ],
        'reference',
      ),
      [
        { path: '', json: { reference: '21' } },
        { path: '', json: { reference: '  ' } },
        { path: '', json: { reference: 1 } },
      ],
    );
    expect([...seen]).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'NOT_FOUND', 'EMPTY_REFERENCE']));
  });

  it('POST receipt email', async () => {
    const base = { email: 'asa@example.com' };
    const seen = await property(
      shopper,
      'POST',
      `${CAFE}/receipt/${receiptId}/email`,
      bodies(
        base,
        [
          fc
            .oneof(hostile, fc.string({ maxLength: 40 }), overlong)
            .filter(
              (e) =>
                e.length > 254 || validateField('email', e.trim(), { active: true, required: true }) !== null,
            )
            .map((v) => mutate(base, ['email'], v)),
          wrongType.map((v) => mutate(base, ['email'], v)),
          fc.constant(mutate(base, ['email'], DELETE)),
          fc.jsonValue().map((v) => mutate(base, ['cc'], v)),
        ],
        'email',
      ),
      [
        { path: '', json: { email: 'not-an-email' } },
        { path: '', json: { email: 5 } },
      ],
    );
    expect([...seen]).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'INVALID_EMAIL']));
  });

  it('POST integrate', async () => {
    const base = { authorizationCode, scopes: 'bookkeeping' };
    const paths = fc.constantFrom('/api/v1/webshop/bookkeeping/fortnox/integrate/c-cafe');
    const mutations = bodies(
      base,
      [
        fc
          .oneof(hostile, fc.string({ maxLength: 40 }), overlong)
          .filter((s) => s !== authorizationCode)
          .map((v) => mutate(base, ['authorizationCode'], v)),
        wrongType.map((v) => mutate(base, ['authorizationCode'], v)),
        fc
          .oneof(
            overlong.filter((s) => s.length > 1000),
            fc.integer(),
            fc.boolean(),
          )
          .map((v) => mutate(base, ['scopes'], v)),
        fc.constant(mutate(base, ['authorizationCode'], DELETE)),
        fc.jsonValue().map((v) => mutate(base, ['companyId'], v)),
      ],
      'authorizationCode',
    );
    // The valid body at a wrong provider or an unknown company is refused too.
    const wrongPlace = fc
      .constantFrom(
        '/api/v1/webshop/bookkeeping/visma/integrate/c-cafe',
        '/api/v1/webshop/bookkeeping/fortnox/integrate/c-kahvila',
        '/api/v1/webshop/bookkeeping/fortnox/integrate/c-nope',
        '/api/v1/webshop/bookkeeping/bokio/integrate/c-cafe',
      )
      .map((path) => ({ path, json: base as unknown }));
    const seen = await property(
      shopper,
      'POST',
      '/api/v1/webshop/bookkeeping/fortnox/integrate/c-cafe',
      fc.oneof(
        mutations,
        wrongPlace,
        paths.map((path) => ({ path, json: { ...base, scopes: 5 } as unknown })),
      ),
      [
        { path: '', json: { ...base, authorizationCode: 'made-up' } },
        { path: '/api/v1/webshop/bookkeeping/fortnox/integrate/c-nope', json: base },
        { path: '', json: { ...base, scopes: 5 } },
      ],
    );
    expect([...seen]).toEqual(
      expect.arrayContaining(['VALIDATION_ERROR', 'INVALID_AUTHORIZATION_CODE', 'NOT_FOUND']),
    );
  });

  it('POST simulator control', async () => {
    const outcomes = ['approve', 'decline', 'cancel', 'error'];
    const arb = fc.oneof(
      fc
        .tuple(
          fc.oneof(hostile, fc.string({ minLength: 1, maxLength: 70 })).filter((s) => s !== pendingPaymentId),
          fc.constantFrom(...outcomes),
        )
        .map(([id, outcome]) => ({
          path: `/demo/api/payments/${encodeURIComponent(id)}/${outcome}`,
          json: undefined as unknown,
        })),
      fc
        .oneof(hostile, fc.string({ minLength: 1, maxLength: 20 }))
        .filter((s) => !outcomes.includes(s))
        .map((outcome) => ({
          path: `/demo/api/payments/${pendingPaymentId}/${encodeURIComponent(outcome)}`,
          json: undefined as unknown,
        })),
      fc
        .jsonValue({ maxDepth: 2 })
        .filter(
          (v) => v !== null && !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
        )
        .map((json) => ({ path: `/demo/api/payments/${pendingPaymentId}/approve`, json })),
    );
    const seen = await property(waiting, 'POST', '', arb, [
      { path: '/demo/api/payments/NOPE/approve', json: undefined },
      { path: `/demo/api/payments/${pendingPaymentId}/explode`, json: undefined },
    ]);
    expect([...seen]).toEqual(expect.arrayContaining(['NOT_FOUND', 'VALIDATION_ERROR']));
    expect(((await waiting.get(`${CAFE}/cart`)).json as SessionResponse).paymentStatus).toBe('STARTED');
  });
});

describe('hand-written malformed requests', () => {
  it.each([
    ['malformed JSON', '{"cart": [', 'application/json', 400, 'INVALID_JSON'],
    ['a JSON array', '[]', 'application/json', 400, 'VALIDATION_ERROR'],
    ['a JSON string', '"cart"', 'application/json', 400, 'VALIDATION_ERROR'],
    ['prototype keys', '{"cart":[],"__proto__":{"admin":true}}', 'application/json', 400, 'INVALID_JSON'],
    [
      'constructor keys',
      '{"cart":[{"constructor":{"prototype":{}}}]}',
      'application/json',
      400,
      'INVALID_JSON',
    ],
    ['an empty body', '', 'application/json', 400, 'VALIDATION_ERROR'],
    ['text/plain', '{"cart":[],"tabItems":[]}', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a form', 'cart=1', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['no content type', '{"cart":[],"tabItems":[]}', '', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('PUT cart with %s → %i %s', async (_label, body, contentType, status, name) => {
    const before = h.api.ctx.db.snapshot();
    const res = await shopper.request('PUT', `${CAFE}/cart`, {
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(res.status).toBe(status);
    expect(obj(res.json).name).toBe(name);
    expect(h.api.ctx.db.snapshot()).toBe(before);
  });

  it('a body over 64 KiB → 413', async () => {
    const res = await shopper.request('PUT', `${CAFE}/cart`, {
      body: JSON.stringify({ cart: [], pad: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ name: 'PAYLOAD_TOO_LARGE', errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/v2/webshop/cafe/nope'],
    ['POST', '/api/v2/webshop/cafe/cart/refund'],
    ['DELETE', '/api/v2/webshop/cafe/cart'],
    ['PATCH', '/api/v2/webshop/cafe'],
    ['GET', '/demo/nope'],
    ['POST', '/nope'],
  ])('%s %s → 404 ROUTE_NOT_FOUND', async (method, path) => {
    const res = await shopper.request(method, path);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' });
  });

  it.each([
    ['an unknown query parameter', `${CAFE}/cart?admin=1`],
    ['a repeated query parameter', '/api/v2/webshop/restaurant/cart?table=01&table=02'],
    ['an over-long table', `/api/v2/webshop/restaurant/cart?table=${'1'.repeat(40)}`],
    ['an unknown simulator filter', '/demo/api/payments?status=everything'],
  ])('GET with %s → 400 VALIDATION_ERROR', async (_label, path) => {
    const res = await shopper.get(path);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST' });
  });

  it('over-long ids in paths are refused with 400 (never 500)', async () => {
    const res = await shopper.get(`/api/v2/webshop/${'a'.repeat(300)}/cart`);
    expect(res.status).toBe(400);
    const encoded = await shopper.get(`/api/v2/webshop/${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(encoded.status).toBe(404);
    const badEncoding = await shopper.get('/api/v2/webshop/%E0%A4%A/cart');
    expect(badEncoding.status).toBeGreaterThanOrEqual(400);
    expect(badEncoding.status).toBeLessThan(500);
  });

  it('the Viva and OAuth forms refuse bad fields with 4xx', async () => {
    const c = h.client();
    expectRejected(await c.form('/demo/viva/web/checkout/pay', { ref: '' }));
    expectRejected(await c.form('/demo/viva/web/checkout/pay', { ref: '0000000000000000' }));
    expectRejected(await c.form('/demo/viva/web/checkout/decline', { ref: '1', extra: 'x' }));
    expectRejected(
      await c.form('/demo/oauth/fortnox/decision', {
        companyId: 'c-cafe',
        scopeState: '<script>',
        decision: 'approve',
      }),
    );
    expectRejected(
      await c.form('/demo/oauth/bokio/decision', {
        companyId: 'c-cafe',
        scopeState: 'DEMOAUTH',
        decision: 'approve',
      }),
    );
    expectRejected(await c.post('/demo/stripe/confirm', { clientSecret: 5 }));
    expectRejected(await c.post('/demo/stripe/authenticate', { clientSecret: 'x', outcome: 'maybe' }));
  });
});
