/**
 * Issue 9, "a checkout you can trust with money": the start pays for the cart the page shows (409
 * CART_CHANGED), pending payments reserve their limited stock until they end or expire, a completion never
 * sells what is not there, Viva's own Cancel, and Swish starts from a kiosk. Each test is named after the
 * rule it guards. SPEC references: §4 (payment states), §5 (stock), §7 (startPayment), §8 (OUT_OF_STOCK).
 */
import type {
  PaymentIntentResponse,
  SessionResponse,
  ShopResponse,
  StartPaymentResponse,
} from '../../src/contract';
import { DEFAULT_RESERVATION_MS } from '../../src/demo-api/demoApi';
import { readPayment } from '../../src/demo-api/store/demoRepository';
import { delaysFromEnv } from '../../src/demo-api/envConfig';
import { HTML_PAGE_HEADERS } from '../../src/demo-api/http/htmlPage';
import { completePayment } from '../../src/demo-api/services/paymentService';
import { cartFingerprint } from '../../src/domain/cart';
import {
  CAFE,
  cafeCustomer,
  line,
  obj,
  resetHarness,
  startDemo,
  type Client,
  type Harness,
  SWISH,
  VIVA,
  STRIPE,
} from './demoTestClient';

/** A short reservation, so tests move the clock by seconds. */
const RESERVATION_MS = 60_000;

let h: Harness;
beforeAll(async () => {
  h = await startDemo({ delays: { reservationMs: RESERVATION_MS } });
});
// One server, put back to the fixtures before each test (a new server per test costs the 2,000-product seed).
beforeEach(() => resetHarness(h));
afterAll(async () => {
  await h.close();
});

type Line = Record<string, unknown>;

async function putCart(c: Client, cart: Line[], tabItems: { id: string; count: number }[] = [], base = CAFE) {
  const res = await c.put(`${base}/cart`, { cart, tabItems });
  expect(res.status).toBe(200);
}

function start(c: Client, method: string, extra: Record<string, unknown> = {}, base = CAFE) {
  return c.post(`${base}/cart/startPayment`, {
    paymentMethodId: method,
    customerInfo: cafeCustomer(),
    orderReference: null,
    ...extra,
  });
}

async function started(c: Client, method: string, extra: Record<string, unknown> = {}) {
  const res = await start(c, method, extra);
  expect(res.status).toBe(200);
  return res.json as StartPaymentResponse;
}

async function session(c: Client, base = CAFE): Promise<SessionResponse> {
  return (await c.get(`${base}/cart`)).json as SessionResponse;
}

/** What `c` sees as Semla stock on the shop load. */
async function semlaSeenBy(c: Client): Promise<number> {
  const shop = (await c.get(CAFE)).json as ShopResponse;
  return shop.articles.semla?.count ?? -1;
}

function physicalSemla(): number {
  return (
    h.api.ctx.db.sql
      .prepare("SELECT count FROM stock WHERE shop_id = 'cafe' AND product_id = 'semla'")
      .get() as {
      count: number;
    }
  ).count;
}

function stockShort(res: { status: number; json: unknown }): unknown {
  expect(res.status).toBe(400);
  expect(obj(res.json)).toMatchObject({ name: 'OUT_OF_STOCK', errorCode: 'OUT_OF_STOCK' });
  return JSON.parse(String(obj(res.json).message));
}

/** The fingerprint the page computes for the cart it shows, priced from the shop load as the SPA does. */
async function pageFingerprint(
  c: Client,
  cart: { productId: string; count: number; deviations: string[]; description?: string }[],
  tabItems: { id: string; count: number; unit: number }[] = [],
): Promise<string> {
  const shop = (await c.get(CAFE)).json as ShopResponse;
  const lineTotal = (l: (typeof cart)[number]) =>
    ((shop.articles[l.productId]?.price.amount ?? NaN) +
      l.deviations.reduce((sum, id) => sum + (shop.deviations[id]?.price?.amount ?? 0), 0)) *
    l.count;
  const amount =
    cart.reduce((sum, l) => sum + lineTotal(l), 0) + tabItems.reduce((sum, t) => sum + t.unit * t.count, 0);
  return cartFingerprint({ lines: cart, tabItems, total: { amount, currency: 'SEK' } });
}

describe('CART_CHANGED: a start pays for the cart the page shows', () => {
  it("a start whose fingerprint differs from the server's cart answers 409 CART_CHANGED and changes nothing", async () => {
    const c = h.client();
    await putCart(c, [line('a', 'semla', 2)]);
    const stale = await pageFingerprint(c, [{ productId: 'semla', count: 1, deviations: [] }]);
    const before = h.api.ctx.db.snapshot();
    const res = await start(c, SWISH, { cartFingerprint: stale });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ name: 'CART_CHANGED', errorCode: 'CART_CHANGED' });
    expect(h.api.ctx.db.snapshot()).toBe(before);
  });

  it("a start whose fingerprint matches the server's cart starts the payment", async () => {
    const c = h.client();
    const cart = [line('a', 'latte', 2, ['d-oat', 'd-vanilla']), line('b', 'semla', 1, [], 'utan grädde')];
    await putCart(c, cart);
    const fingerprint = await pageFingerprint(c, [
      { productId: 'latte', count: 2, deviations: ['d-vanilla', 'd-oat'] },
      { productId: 'semla', count: 1, deviations: [], description: 'utan grädde' },
    ]);
    const { paymentId } = await started(c, SWISH, { cartFingerprint: fingerprint });
    expect(await session(c)).toMatchObject({ paymentStatus: 'STARTED', paymentId });
  });

  it("two tabs of one session: the stale tab's start answers CART_CHANGED instead of handing back the other tab's bigger pending payment", async () => {
    const c = h.client(); // one session (one cookie jar), two tabs
    await putCart(c, [line('a', 'kanelbulle', 1)]);
    const tabA = await pageFingerprint(c, [{ productId: 'kanelbulle', count: 1, deviations: [] }]);
    // Tab B adds 2 more and starts paying 105,00 kr.
    await putCart(c, [line('a', 'kanelbulle', 3)]);
    const tabB = await pageFingerprint(c, [{ productId: 'kanelbulle', count: 3, deviations: [] }]);
    const pending = await started(c, SWISH, { cartFingerprint: tabB });
    const before = h.api.ctx.db.snapshot();
    // Tab A, still showing 35,00 kr, presses Pay with the same method.
    const res = await start(c, SWISH, { cartFingerprint: tabA });
    expect(res.status).toBe(409);
    expect(obj(res.json).name).toBe('CART_CHANGED');
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(readPayment(h.api.ctx.db, pending.paymentId)).toMatchObject({ status: 'STARTED', amount: 10500 });
  });

  it('a start without a fingerprint is not checked (a backend that follows §7 strictly never sees one)', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'kanelbulle', 3)]);
    const first = await started(c, SWISH);
    // The §7 body has no fingerprint: the idempotent repeat answers the pending payment, as before.
    expect(await started(c, SWISH)).toEqual(first);
  });

  it('the fingerprint covers the chosen tab items and the total', async () => {
    const c = h.client();
    const R = '/api/v2/webshop/restaurant';
    await c.get(`${R}/cart?table=12&tabId=tab-12`);
    await putCart(c, [], [{ id: 'tab-12-1', count: 2 }], R);
    const unit = (await session(c, R)).activeTab?.cart.find((e) => e.id === 'tab-12-1')?.price.amount ?? NaN;
    const fingerprint = (count: number) =>
      cartFingerprint({
        lines: [],
        tabItems: [{ id: 'tab-12-1', count }],
        total: { amount: unit * count, currency: 'SEK' },
      });
    const restart = (cartFingerprintValue: string) =>
      start(c, 'pm-restaurant-swish', { cartFingerprint: cartFingerprintValue }, R);
    expect((await restart(fingerprint(1))).status).toBe(409);
    expect((await restart(fingerprint(2))).status).toBe(200);
  });

  it.each([
    ['a number', 5],
    ['null', null],
    ['an empty string', ''],
    ['an over-long string', 'x'.repeat(129)],
  ])('a fingerprint that is %s answers 400 VALIDATION_ERROR and changes nothing', async (_label, value) => {
    const c = h.client();
    await putCart(c, [line('a', 'semla', 1)]);
    const before = h.api.ctx.db.snapshot();
    const res = await start(c, SWISH, { cartFingerprint: value });
    expect(res.status).toBe(400);
    expect(obj(res.json)).toMatchObject({ name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST' });
    expect(h.api.ctx.db.snapshot()).toBe(before);
  });
});

describe('stock reserved by pending payments (§5, §8)', () => {
  it('a pending payment reserves its limited lines: other sessions see the stock left after reservations', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 2), line('b', 'brygg', 1)]);
    await started(a, SWISH);
    expect(physicalSemla()).toBe(3);
    expect(await semlaSeenBy(h.client())).toBe(1);
  });

  it("a customer's own pending payment does not shrink their own stock on the shop load", async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 2)]);
    await started(a, SWISH);
    expect(await semlaSeenBy(a)).toBe(3);
  });

  it('two sessions racing for the last Semla: the second start answers OUT_OF_STOCK', async () => {
    const first = h.client();
    const second = h.client();
    await putCart(first, [line('a', 'semla', 3)]);
    await putCart(second, [line('a', 'semla', 1)]);
    const won = await started(first, SWISH);
    const before = h.api.ctx.db.snapshot();
    expect(stockShort(await start(second, VIVA))).toEqual([{ id: 'semla', stock: 0 }]);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect((await second.post(`/demo/api/payments/${won.paymentId}/approve`)).status).toBe(200);
    expect(physicalSemla()).toBe(0);
  });

  it("OUT_OF_STOCK lists what is left for this customer after other payments' reservations", async () => {
    const a = h.client();
    const b = h.client();
    await putCart(a, [line('a', 'semla', 2)]);
    await started(a, STRIPE);
    await putCart(b, [line('a', 'semla', 3), line('b', 'mugg', 1)]);
    expect(stockShort(await start(b, SWISH))).toEqual([{ id: 'semla', stock: 1 }]);
  });

  it('20 sessions each buying 1 of the 3 Semlor: 3 start, 17 answer OUT_OF_STOCK, and 3 are sold', async () => {
    const buyers = Array.from({ length: 20 }, () => h.client());
    for (const c of buyers) await putCart(c, [line('a', 'semla', 1)]);
    const answers = await Promise.all(buyers.map((c) => start(c, SWISH)));
    const ok = answers.filter((r) => r.status === 200).map((r) => (r.json as StartPaymentResponse).paymentId);
    expect(ok).toHaveLength(3);
    expect(answers.filter((r) => obj(r.json).name === 'OUT_OF_STOCK')).toHaveLength(17);
    for (const id of ok) expect((await buyers[0]!.post(`/demo/api/payments/${id}/approve`)).status).toBe(200);
    expect(physicalSemla()).toBe(0);
  });

  it.each([
    ['the customer cancelling (cancelPayment)', (c: Client) => c.post(`${CAFE}/cart/cancelPayment`)],
    ['a decline', (c: Client, id: string) => c.post(`/demo/api/payments/${id}/decline`)],
    ['an error', (c: Client, id: string) => c.post(`/demo/api/payments/${id}/error`)],
    ['a cancel at the provider', (c: Client, id: string) => c.post(`/demo/api/payments/${id}/cancel`)],
    ['a cart change', (c: Client) => c.put(`${CAFE}/cart`, { cart: [line('a', 'semla', 1)], tabItems: [] })],
  ])(
    '%s releases the reservation',
    async (_label, end: (c: Client, paymentId: string) => Promise<unknown>) => {
      const a = h.client();
      const other = h.client();
      await putCart(a, [line('a', 'semla', 3)]);
      const { paymentId } = await started(a, SWISH);
      expect(await semlaSeenBy(other)).toBe(0);
      await end(a, paymentId);
      expect(readPayment(h.api.ctx.db, paymentId)?.status).not.toBe('STARTED');
      expect(await semlaSeenBy(other)).toBe(3);
      expect(physicalSemla()).toBe(3);
    },
  );

  it('completion commits the reservation: stock drops once and nothing stays reserved', async () => {
    const a = h.client();
    const other = h.client();
    await putCart(a, [line('a', 'semla', 2)]);
    const { paymentId } = await started(a, SWISH);
    expect((await a.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(200);
    expect(physicalSemla()).toBe(1);
    expect(await semlaSeenBy(other)).toBe(1);
    expect(await semlaSeenBy(a)).toBe(1);
  });

  it('switching method releases the first reservation before taking the second (one customer, all 3 Semlor)', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 3)]);
    const swish = await started(a, SWISH);
    const viva = await started(a, VIVA);
    expect(readPayment(h.api.ctx.db, swish.paymentId)?.status).toBe('CANCELLED');
    expect(readPayment(h.api.ctx.db, viva.paymentId)?.status).toBe('STARTED');
    expect(await semlaSeenBy(h.client())).toBe(0);
  });

  it('a repeated start (same method) does not reserve twice', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 2)]);
    const first = await started(a, SWISH);
    expect(await started(a, SWISH)).toEqual(first);
    expect(await semlaSeenBy(h.client())).toBe(1);
  });

  it('a completion that would sell more than is in stock fails whole, sells nothing and leaves the payment pending', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 2)]);
    const { paymentId } = await started(a, SWISH);
    // Break the invariant by hand (a start can never do this): only 1 left for a payment of 2.
    h.api.ctx.db.sql
      .prepare("UPDATE stock SET count = 1 WHERE shop_id = 'cafe' AND product_id = 'semla'")
      .run();
    const before = h.api.ctx.db.snapshot();
    const res = await a.post(`/demo/api/payments/${paymentId}/approve`);
    expect(res.status).toBe(409);
    expect(obj(res.json)).toMatchObject({
      name: 'OUT_OF_STOCK',
      message: JSON.stringify([{ id: 'semla', stock: 1 }]),
    });
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(physicalSemla()).toBe(1);
  });
});

describe('reservation expiry', () => {
  it('an expired reservation releases its stock', async () => {
    const a = h.client();
    const b = h.client();
    await putCart(a, [line('a', 'semla', 3)]);
    const { paymentId } = await started(a, SWISH);
    await putCart(b, [line('a', 'semla', 1)]);
    expect(stockShort(await start(b, SWISH))).toEqual([{ id: 'semla', stock: 0 }]);
    h.clock.advance(RESERVATION_MS);
    expect(await semlaSeenBy(b)).toBe(3);
    expect(readPayment(h.api.ctx.db, paymentId)).toMatchObject({ status: 'CANCELLED', message: 'EXPIRED' });
    expect(await session(a)).toMatchObject({ paymentStatus: 'CANCELLED', paymentId, message: 'EXPIRED' });
    expect((await start(b, SWISH)).status).toBe(200);
  });

  it('a payment stays pending, and its stock reserved, until its reservation time is up', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 1)]);
    await started(a, SWISH);
    h.clock.advance(RESERVATION_MS - 1);
    expect((await session(a)).paymentStatus).toBe('STARTED');
    expect(await semlaSeenBy(h.client())).toBe(2);
    h.clock.advance(1);
    expect((await session(a)).paymentStatus).toBe('CANCELLED');
  });

  it('an expired Stripe payment has its intent cancelled too, so the card can no longer pay it', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 1)]);
    const { paymentIntentId, clientSecret } = await started(a, STRIPE);
    h.clock.advance(RESERVATION_MS);
    const intent = (await a.get(`/api/v1/company/c-cafe/payments/${paymentIntentId}`))
      .json as PaymentIntentResponse;
    expect(intent.paymentIntent.status).toBe('CANCELLED');
    const confirm = await a.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4242424242424242' });
    expect(obj(obj(confirm.json).error).code).toBe('payment_intent_unexpected_state');
    expect(physicalSemla()).toBe(3);
  });

  it('expiry is applied by the light timer (tick) as well as before each request', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 1)]);
    const { paymentId } = await started(a, VIVA);
    h.clock.advance(RESERVATION_MS);
    h.api.tick();
    expect(readPayment(h.api.ctx.db, paymentId)).toMatchObject({ status: 'CANCELLED', message: 'EXPIRED' });
  });

  it('approving an expired payment answers 409 and sells nothing', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 2)]);
    const { paymentId } = await started(a, SWISH);
    h.clock.advance(RESERVATION_MS);
    const res = await a.post(`/demo/api/payments/${paymentId}/approve`);
    expect(res.status).toBe(409);
    expect(obj(res.json).name).toBe('PAYMENT_NOT_PENDING');
    expect(physicalSemla()).toBe(3);
    expect(h.api.ctx.db.sql.prepare('SELECT COUNT(*) AS n FROM receipts').get()).toEqual({ n: 0 });
    // Viva's Pay on an expired order shows the finished page instead of taking the money.
    await putCart(a, [line('a', 'semla', 1)]);
    const viva = await started(a, VIVA);
    h.clock.advance(RESERVATION_MS);
    expect((await a.form('/demo/viva/web/checkout/pay', { ref: viva.paymentId })).status).toBe(409);
    expect(physicalSemla()).toBe(3);
  });

  it('a provider answer arriving after the reservation ended, before any sweep, expires the payment (409 PAYMENT_EXPIRED)', async () => {
    const a = h.client();
    await putCart(a, [line('a', 'semla', 1)]);
    const { paymentId } = await started(a, SWISH);
    h.clock.advance(RESERVATION_MS); // no request, no tick: nothing has swept yet
    expect(() => completePayment(h.api.ctx, paymentId, 'tx-late')).toThrow(
      expect.objectContaining({ statusCode: 409, errorName: 'PAYMENT_EXPIRED' }),
    );
    expect(readPayment(h.api.ctx.db, paymentId)).toMatchObject({ status: 'CANCELLED', message: 'EXPIRED' });
    expect(physicalSemla()).toBe(3);
  });

  it.each([
    [10_000, 'COMPLETED', null],
    [2_000, 'CANCELLED', 'EXPIRED'],
  ])(
    'a Swish answer due (after 4 s) before the reservation (%i ms) ends counts; one due after it comes too late → %s',
    async (reservationMs, status, message) => {
      const auto = await startDemo({ delays: { autoComplete: true, swishMs: 4000, reservationMs } });
      try {
        const c = auto.client();
        await putCart(c, [line('a', 'semla', 1)]);
        expect((await start(c, SWISH)).status).toBe(200);
        auto.clock.advance(30_000); // both are due by now; the earlier one decides
        expect(await session(c)).toMatchObject({ paymentStatus: status, message });
      } finally {
        await auto.close();
      }
    },
  );

  it('the reservation lasts 10 minutes unless createDemoApi is given delays.reservationMs', async () => {
    const plain = await startDemo();
    try {
      expect(plain.api.ctx.delays.reservationMs).toBe(DEFAULT_RESERVATION_MS);
      expect(DEFAULT_RESERVATION_MS).toBe(10 * 60 * 1000);
      const c = plain.client();
      await putCart(c, [line('a', 'semla', 1)]);
      expect((await start(c, SWISH)).status).toBe(200);
      plain.clock.advance(DEFAULT_RESERVATION_MS - 1);
      expect((await session(c)).paymentStatus).toBe('STARTED');
      plain.clock.advance(1);
      expect((await session(c)).paymentStatus).toBe('CANCELLED');
    } finally {
      await plain.close();
    }
    expect(h.api.ctx.delays.reservationMs).toBe(RESERVATION_MS);
  });

  it('RESERVATION_MS sets the reservation time for npm start; unset means 10 minutes; 0 or junk is refused', () => {
    expect(delaysFromEnv({ RESERVATION_MS: '1500' }).reservationMs).toBe(1500);
    expect(delaysFromEnv({}).reservationMs).toBe(DEFAULT_RESERVATION_MS);
    expect(delaysFromEnv({ RESERVATION_MS: '' }).reservationMs).toBe(DEFAULT_RESERVATION_MS);
    for (const bad of ['0', '-5', '1.5', 'soon', '1e400'])
      expect(() => delaysFromEnv({ RESERVATION_MS: bad })).toThrow(/RESERVATION_MS/);
    expect(delaysFromEnv({ SWISH_DELAY_MS: '0', SWISH_AUTO_COMPLETE: 'false' })).toMatchObject({
      swishMs: 0,
      autoComplete: false,
    });
  });
});

describe("Viva checkout's own Cancel", () => {
  it('the hosted checkout offers Cancel next to Pay and Decline, as a named button posting to the demo itself', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'semla', 1)]);
    const { paymentId } = await started(c, VIVA);
    const page = await c.get(`/demo/viva/web/checkout?ref=${paymentId}&color=7b4a2d`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/demo/viva/web/checkout/cancel"');
    expect(page.text).toMatch(
      /<button type="submit">\s*Avbryt och gå tillbaka till Café Kanelbullen AB\s*<\/button>/,
    );
    expect(page.headers.get('content-security-policy')).toBe(HTML_PAGE_HEADERS['content-security-policy']);
    expect(page.text).not.toContain('<script');
  });

  it('Cancel cancels the order and returns to the cart with s and no t (Viva: failure URL, no transaction)', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'semla', 3)]);
    const { paymentId } = await started(c, VIVA);
    const res = await c.form('/demo/viva/web/checkout/cancel', { ref: paymentId });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/cafe/cart?s=${paymentId}`);
    expect(await session(c)).toMatchObject({ paymentStatus: 'CANCELLED', paymentId, message: 'CANCELLED' });
    expect(await semlaSeenBy(h.client())).toBe(3);
    // The page's own cancelPayment afterwards answers 409, which §8 says it ignores.
    expect((await c.post(`${CAFE}/cart/cancelPayment`)).status).toBe(409);
  });

  it('Cancel on a finished Viva payment answers 409 and changes nothing', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'semla', 1)]);
    const { paymentId } = await started(c, VIVA);
    expect((await c.form('/demo/viva/web/checkout/pay', { ref: paymentId })).status).toBe(303);
    const before = h.api.ctx.db.snapshot();
    const res = await c.form('/demo/viva/web/checkout/cancel', { ref: paymentId });
    expect(res.status).toBe(409);
    expect(res.text).toContain('redan avslutad');
    expect(h.api.ctx.db.snapshot()).toBe(before);
  });
});

describe('kiosk starts', () => {
  it('a kiosk Swish start answers a token without a phone number', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'brygg', 1)]);
    const res = await c.post(`${CAFE}/cart/startPayment`, {
      paymentMethodId: SWISH,
      customerInfo: cafeCustomer({ phone: '' }),
      orderReference: null,
      kiosk: true,
    });
    expect(res.status).toBe(200);
    expect((res.json as StartPaymentResponse).token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a kiosk Swish start with a phone number still answers a token', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'brygg', 1)]);
    expect((await started(c, SWISH, { kiosk: true })).token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('kiosk false (or absent) off mobile: no token, and a phone number is required as before', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'brygg', 1)]);
    const noPhone = await c.post(`${CAFE}/cart/startPayment`, {
      paymentMethodId: SWISH,
      customerInfo: cafeCustomer({ phone: '' }),
      orderReference: null,
      kiosk: false,
    });
    expect(obj(noPhone.json).name).toBe('PHONE_REQUIRED');
    expect((await started(c, SWISH, { kiosk: false })).token).toBeUndefined();
  });

  it('kiosk changes nothing for other methods', async () => {
    const c = h.client();
    await putCart(c, [line('a', 'brygg', 1)]);
    expect(Object.keys(await started(c, VIVA, { kiosk: true }))).toEqual(['paymentId']);
  });

  it.each([
    ['a string', 'yes'],
    ['a number', 1],
    ['null', null],
  ])('a kiosk flag that is %s answers 400 VALIDATION_ERROR and changes nothing', async (_label, value) => {
    const c = h.client();
    await putCart(c, [line('a', 'brygg', 1)]);
    const before = h.api.ctx.db.snapshot();
    const res = await start(c, SWISH, { kiosk: value });
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('VALIDATION_ERROR');
    expect(h.api.ctx.db.snapshot()).toBe(before);
  });
});
