/** Contract tests of startPayment, cancelPayment, completion and every simulator outcome. */
import type {
  PaymentIntentResponse,
  SessionResponse,
  ShopResponse,
  StartPaymentResponse,
} from '../../src/contract';
import { completePayment } from '../../src/demo-api/services/paymentService';
import {
  CAFE,
  cafeCustomer,
  line,
  obj,
  startDemo,
  type Client,
  type Harness,
  SWISH,
  VIVA,
  STRIPE,
} from './demoTestClient';

let h: Harness;
beforeEach(async () => {
  h = await startDemo();
});
afterEach(async () => {
  await h.close();
});

async function session(c: Client, base = CAFE): Promise<SessionResponse> {
  return (await c.get(`${base}/cart`)).json as SessionResponse;
}

async function start(c: Client, method: string, customer: Record<string, unknown> = {}, base = CAFE) {
  return c.post(`${base}/cart/startPayment`, {
    paymentMethodId: method,
    customerInfo: cafeCustomer(customer),
    orderReference: null,
  });
}

async function cartWith(c: Client, cart: Record<string, unknown>[], base = CAFE): Promise<void> {
  const res = await c.put(`${base}/cart`, { cart, tabItems: [] });
  expect(res.status).toBe(200);
}

async function stock(productId: string, shopId = 'cafe'): Promise<number> {
  const shop = (await h.client().get(`/api/v2/webshop/${shopId}`)).json as ShopResponse;
  return shop.articles[productId]?.count ?? -1;
}

function paymentRows(): number {
  return (h.api.ctx.db.sql.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n;
}

describe('startPayment checks (in order)', () => {
  it('closed shop → 400 SHOP_CLOSED', async () => {
    const c = h.client();
    const res = await c.post('/api/v2/webshop/closed/cart/startPayment', {
      paymentMethodId: 'pm-closed-swish',
      customerInfo: cafeCustomer(),
      orderReference: null,
    });
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('SHOP_CLOSED');
  });

  it('empty cart → 400 EMPTY_CART (even with a wrong method)', async () => {
    const res = await start(h.client(), 'pm-nope');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ name: 'EMPTY_CART', errorCode: 'EMPTY_CART' });
  });

  it('method of another shop → 400 PAYMENT_METHOD_NOT_FOUND', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const res = await start(c, 'pm-kahvila-viva');
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('PAYMENT_METHOD_NOT_FOUND');
  });

  it('extras that break a group rule → 400 INVALID_EXTRAS', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'latte', 1, ['d-oat', 'd-cow'])]); // milk: exactly one
    const res = await start(c, SWISH);
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('INVALID_EXTRAS');
    expect(JSON.parse(String(obj(res.json).message))).toEqual([{ id: 'a', groups: ['g-milk'] }]);
  });

  it.each([
    ['a missing required name', { name: '  ' }],
    ['a missing required e-mail', { email: '' }],
    ['an e-mail that is not one', { email: 'asa at example.com' }],
  ])('customer info with %s → 400 INVALID_CUSTOMER_INFO', async (_label, override) => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const res = await start(c, SWISH, override);
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('INVALID_CUSTOMER_INFO');
  });

  it('Swish without a phone off mobile → 400 PHONE_REQUIRED; on mobile it answers a token', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const res = await start(c, SWISH, { phone: '' });
    expect(res.status).toBe(400);
    expect(obj(res.json).name).toBe('PHONE_REQUIRED');
    const mobile = await start(c, SWISH, { phone: '', isMobile: true });
    expect(mobile.status).toBe(200);
    expect((mobile.json as StartPaymentResponse).token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('short stock → 400 OUT_OF_STOCK listing each short article with what is left', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'semla', 4), line('b', 'prinsesstarta', 1), line('c', 'mugg', 2)]);
    const res = await start(c, SWISH);
    expect(res.status).toBe(400);
    const body = obj(res.json);
    expect(body).toMatchObject({ name: 'OUT_OF_STOCK', errorCode: 'OUT_OF_STOCK' });
    expect(JSON.parse(String(body.message))).toEqual([
      { id: 'semla', stock: 3 },
      { id: 'prinsesstarta', stock: 0 },
    ]);
    expect(paymentRows()).toBe(0);
  });

  it('sums two cart lines of the same limited product', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'semla', 2), line('b', 'semla', 2, [], 'utan grädde')]);
    const res = await start(c, SWISH);
    expect(res.status).toBe(400);
    expect(JSON.parse(String(obj(res.json).message))).toEqual([{ id: 'semla', stock: 3 }]);
    await cartWith(c, [line('a', 'semla', 2), line('b', 'semla', 1, [], 'utan grädde')]);
    expect((await start(c, SWISH)).status).toBe(200);
  });

  it('a shop that requires a reference needs one (session or body)', async () => {
    const c = h.client();
    const R = '/api/v2/webshop/restaurant';
    await cartWith(c, [line('a', 'lattol', 1)], R);
    const none = await c.post(`${R}/cart/startPayment`, {
      paymentMethodId: 'pm-restaurant-swish',
      customerInfo: cafeCustomer(),
      orderReference: null,
    });
    expect(obj(none.json).name).toBe('REFERENCE_REQUIRED');
    const unknown = await c.post(`${R}/cart/startPayment`, {
      paymentMethodId: 'pm-restaurant-swish',
      customerInfo: cafeCustomer(),
      orderReference: '77',
    });
    expect(unknown.status).toBe(404);
    expect(obj(unknown.json).errorCode).toBe('REFERENCE_NOT_FOUND');
    await c.get(`${R}/cart?table=03`);
    const ok = await c.post(`${R}/cart/startPayment`, {
      paymentMethodId: 'pm-restaurant-swish',
      customerInfo: cafeCustomer(),
      orderReference: null,
    });
    expect(ok.status).toBe(200);
  });
});

describe('start, idempotency, cancel', () => {
  it('prices server-side and a repeated start answers the same payment without a second row', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'latte', 2, ['d-oat', 'd-vanilla']), line('b', 'cider', 1)]);
    const first = await start(c, SWISH);
    expect(first.status).toBe(200);
    const { paymentId } = first.json as StartPaymentResponse;
    expect(paymentId).toMatch(/^[0-9A-F]{32}$/);
    const again = await start(c, SWISH);
    expect(again.json).toEqual(first.json);
    expect(paymentRows()).toBe(1);
    const s = await session(c);
    expect(s).toMatchObject({
      paymentStatus: 'STARTED',
      paymentId,
      paymentMethodId: SWISH,
      receiptId: null,
      message: null,
    });
    const listed = (await c.get('/demo/api/payments?status=pending')).json as {
      paymentId: string;
      amount: number;
    }[];
    // (48 + 0 + 5) × 2 + 69 = 175,00 kr
    expect(listed).toEqual([
      expect.objectContaining({ paymentId, amount: 17500, currency: 'SEK', methodType: 'SWISH_TRADE' }),
    ]);
  });

  it('switching method cancels the first payment instead of keeping two pending', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const swish = (await start(c, SWISH)).json as StartPaymentResponse;
    const viva = (await start(c, VIVA)).json as StartPaymentResponse;
    expect(viva.paymentId).toMatch(/^[1-9]\d{15}$/);
    const all = (await c.get('/demo/api/payments')).json as { paymentId: string; status: string }[];
    expect(all.find((p) => p.paymentId === swish.paymentId)?.status).toBe('CANCELLED');
    expect(((await c.get('/demo/api/payments?status=pending')).json as unknown[]).length).toBe(1);
  });

  it('cancelPayment: 204 and NOT_STARTED; then 409 NO_PENDING_PAYMENT; without a cart 404', async () => {
    const c = h.client();
    expect((await c.post(`${CAFE}/cart/cancelPayment`)).status).toBe(404);
    await cartWith(c, [line('a', 'brygg', 1)]);
    const none = await c.post(`${CAFE}/cart/cancelPayment`);
    expect(none.status).toBe(409);
    expect(none.json).toEqual({ name: 'NO_PENDING_PAYMENT', errorCode: 'NO_PENDING_PAYMENT' });
    await start(c, SWISH);
    const cancelled = await c.request('POST', `${CAFE}/cart/cancelPayment`, {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(cancelled.status).toBe(204);
    expect(await session(c)).toMatchObject({ paymentStatus: 'NOT_STARTED', paymentId: null });
    expect((await c.post(`${CAFE}/cart/cancelPayment`, {})).status).toBe(409);
    expect(((await c.get('/demo/api/payments')).json as { status: string }[])[0]?.status).toBe('CANCELLED');
  });

  it('a cart change while pending cancels the payment; an identical PUT keeps it', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const { paymentId } = (await start(c, SWISH)).json as StartPaymentResponse;
    await cartWith(c, [line('a', 'brygg', 1)]);
    expect((await session(c)).paymentStatus).toBe('STARTED');
    await cartWith(c, [line('a', 'brygg', 2)]);
    expect(await session(c)).toMatchObject({ paymentStatus: 'NOT_STARTED', paymentId: null });
    const outcome = await c.post(`/demo/api/payments/${paymentId}/approve`);
    expect(outcome.status).toBe(409);
    expect(obj(outcome.json).name).toBe('PAYMENT_NOT_PENDING');
  });
});

describe('completion', () => {
  it('decrements stock exactly once, clears the cart, answers COMPLETED + receiptId; a PUT afterwards resets', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'semla', 2), line('b', 'mugg', 1), line('c', 'brygg', 3)]);
    const { paymentId } = (await start(c, SWISH)).json as StartPaymentResponse;
    const approved = await c.post(`/demo/api/payments/${paymentId}/approve`);
    expect(approved.status).toBe(200);
    expect(obj(approved.json).status).toBe('COMPLETED');
    expect(await stock('semla')).toBe(1);
    expect(await stock('mugg')).toBe(11);
    const s = await session(c);
    expect(s).toMatchObject({ paymentStatus: 'COMPLETED', paymentId, cart: [], tabItems: [] });
    expect(s.receiptId).toMatch(/^[0-9A-Z]{10}$/);
    // Completing again (a provider retrying) changes nothing.
    expect((await c.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(409);
    h.api.tick();
    expect(await stock('semla')).toBe(1);
    expect((h.api.ctx.db.sql.prepare('SELECT COUNT(*) AS n FROM receipts').get() as { n: number }).n).toBe(1);
    // The SPA sends a PUT after showing the receipt: back to NOT_STARTED.
    await cartWith(c, []);
    expect(await session(c)).toMatchObject({ paymentStatus: 'NOT_STARTED', receiptId: null });
  });

  it('completing the same payment twice (a provider retrying) returns the same receipt and sells once', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'semla', 3)]);
    const { paymentId } = (await start(c, SWISH)).json as StartPaymentResponse;
    const first = completePayment(h.api.ctx, paymentId, 'tx-1');
    const second = completePayment(h.api.ctx, paymentId, 'tx-2');
    expect(second.receiptId).toBe(first.receiptId);
    expect(second.transactionId).toBe('tx-1');
    expect(await stock('semla')).toBe(0);
    // Sold out now: the next customer gets OUT_OF_STOCK with stock 0.
    const next = h.client();
    await cartWith(next, [line('a', 'semla', 1)]);
    expect(JSON.parse(String(obj((await start(next, SWISH)).json).message))).toEqual([
      { id: 'semla', stock: 0 },
    ]);
  });

  it('paying tab entries reduces the tab and leaves the rest open', async () => {
    const c = h.client();
    const R = '/api/v2/webshop/restaurant';
    await c.get(`${R}/cart?table=12&tabId=tab-12`);
    expect(
      (
        await c.put(`${R}/cart`, {
          cart: [],
          tabItems: [
            { id: 'tab-12-1', count: 2 },
            { id: 'tab-12-3', count: 1 },
          ],
        })
      ).status,
    ).toBe(200);
    const res = await c.post(`${R}/cart/startPayment`, {
      paymentMethodId: 'pm-restaurant-swish',
      customerInfo: cafeCustomer(),
      orderReference: null,
    });
    expect(res.status).toBe(200);
    const { paymentId } = res.json as StartPaymentResponse;
    const pending = (await c.get('/demo/api/payments?status=pending')).json as { amount: number }[];
    expect(pending[0]?.amount).toBe(2 * 14500 + 4500);
    await c.post(`/demo/api/payments/${paymentId}/approve`);
    const s = await session(c, R);
    expect(s.paymentStatus).toBe('COMPLETED');
    expect(s.tabItems).toEqual([]);
    expect(s.activeTab?.cart.map((e) => [e.id, e.count])).toEqual([
      ['tab-12-2', 1],
      ['tab-12-3', 2],
      ['tab-12-4', 2],
    ]);
  });
});

describe('simulator control endpoint', () => {
  it.each([
    ['approve', 'COMPLETED', null],
    ['decline', 'FAILED', 'RF07'],
    ['cancel', 'CANCELLED', 'BANKIDCL'],
    ['error', 'ERROR', 'TM01'],
  ])('%s → %s with message %s', async (outcome, status, message) => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const { paymentId } = (await start(c, SWISH)).json as StartPaymentResponse;
    const res = await c.post(`/demo/api/payments/${paymentId}/${outcome}`);
    expect(res.status).toBe(200);
    expect(obj(res.json)).toMatchObject({ paymentId, status });
    expect(await session(c)).toMatchObject({ paymentStatus: status, message });
    expect(((await c.get('/demo/api/payments?status=pending')).json as unknown[]).length).toBe(0);
  });

  it('lists payments by status', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const { paymentId } = (await start(c, SWISH)).json as StartPaymentResponse;
    await c.post(`/demo/api/payments/${paymentId}/decline`);
    const ids = async (status: string) =>
      ((await c.get(`/demo/api/payments?status=${status}`)).json as { paymentId: string }[]).map(
        (p) => p.paymentId,
      );
    expect(await ids('FAILED')).toEqual([paymentId]);
    expect(await ids('pending')).toEqual([]);
    expect(await ids('all')).toEqual([paymentId]);
  });

  it('unknown payment → 404; unknown outcome → 400', async () => {
    const c = h.client();
    expect((await c.post('/demo/api/payments/NOPE/approve')).json).toEqual({
      name: 'NOT_FOUND',
      errorCode: 'PAYMENT_NOT_FOUND',
    });
    expect((await c.post('/demo/api/payments/NOPE/explode')).status).toBe(400);
  });

  it('the simulator page lists pending payments with the four buttons, and its forms work', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const { paymentId } = (await start(c, SWISH, { extraInfo: 'rf07 tack' })).json as StartPaymentResponse;
    const page = await c.get('/demo/simulator');
    expect(page.status).toBe(200);
    expect(page.text).toContain(paymentId);
    for (const label of ['Godkänn', 'Neka', 'Avbryt', 'Fel']) expect(page.text).toContain(label);
    expect(page.text).toContain('RF07 → FAILED');
    const form = await c.form(`/demo/simulator/${paymentId}/approve`, {});
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/demo/simulator');
    expect((await session(c)).paymentStatus).toBe('COMPLETED');
  });
});

describe('Swish simulator (fake clock)', () => {
  async function swishWith(harness: Harness, extraInfo: string) {
    const c = harness.client();
    await cartWith(c, [line('a', 'semla', 1)]);
    const res = await start(c, SWISH, { extraInfo });
    expect(res.status).toBe(200);
    return c;
  }

  it('completes after the delay when autoComplete is on', async () => {
    const auto = await startDemo({ delays: { autoComplete: true, swishMs: 4000 } });
    try {
      const c = auto.client();
      await cartWith(c, [line('a', 'semla', 1)]);
      await start(c, SWISH);
      auto.clock.advance(3999);
      expect((await session(c)).paymentStatus).toBe('STARTED');
      auto.clock.advance(1);
      const s = await session(c);
      expect(s.paymentStatus).toBe('COMPLETED');
      expect(s.receiptId).not.toBeNull();
      const shop = (await c.get(CAFE)).json as ShopResponse;
      expect(shop.articles.semla?.count).toBe(2);
    } finally {
      await auto.close();
    }
  });

  it.each([
    ['RF07', 'FAILED'],
    ['Please TM01', 'ERROR'],
    ['bankidcl', 'CANCELLED'],
  ])('message %s forces %s when the delay elapses (even without autoComplete)', async (code, status) => {
    const c = await swishWith(h, code);
    h.clock.advance(3000);
    expect((await session(c)).paymentStatus).toBe('STARTED');
    h.clock.advance(1000);
    const s = await session(c);
    expect(s.paymentStatus).toBe(status);
    expect(s.message).toBe(code.replace(/^Please /, '').toUpperCase());
    expect(s.receiptId).toBeNull();
    expect(await stock('semla')).toBe(3);
  });

  it('the control API holds auto-completion (POST /demo/api/swish): a payment started while held waits for an outcome, one started after the release completes by itself', async () => {
    const auto = await startDemo({ delays: { autoComplete: true, swishMs: 4000 } });
    try {
      const control = auto.client();
      expect((await control.post('/demo/api/swish', { autoComplete: false })).json).toEqual({
        autoComplete: false,
      });
      const held = await swishWith(auto, '');
      auto.clock.advance(60_000);
      expect((await session(held)).paymentStatus).toBe('STARTED');
      const { paymentId } = (await held.get(`${CAFE}/cart`)).json as SessionResponse;
      expect((await control.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(200);
      expect((await session(held)).paymentStatus).toBe('COMPLETED');

      expect((await control.post('/demo/api/swish', { autoComplete: true })).json).toEqual({
        autoComplete: true,
      });
      const free = await swishWith(auto, '');
      auto.clock.advance(4000);
      expect((await session(free)).paymentStatus).toBe('COMPLETED');
    } finally {
      await auto.close();
    }
  });

  it('the control API refuses a malformed hold with 400 and keeps the setting', async () => {
    const control = h.client();
    for (const body of [{}, { autoComplete: 'maybe' }, { autoComplete: false, extra: 1 }]) {
      expect((await control.post('/demo/api/swish', body)).status).toBe(400);
    }
    expect(h.api.ctx.delays.autoComplete).toBe(false);
  });

  it('stays pending without autoComplete and without a code', async () => {
    const c = await swishWith(h, 'Inget särskilt');
    h.clock.advance(60_000);
    expect((await session(c)).paymentStatus).toBe('STARTED');
  });
});

describe('Viva simulator', () => {
  it('Pay completes and redirects back with s and t', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'semla', 1)]);
    const { paymentId } = (await start(c, VIVA)).json as StartPaymentResponse;
    expect(paymentId).toMatch(/^\d{16}$/);
    const page = await c.get(`/demo/viva/web/checkout?ref=${paymentId}&color=7b4a2d`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Café Kanelbullen AB');
    expect(page.text).toContain('55,00 kr');
    expect(page.text).toContain('#7b4a2d');
    const paid = await c.form('/demo/viva/web/checkout/pay', { ref: paymentId });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/cafe/cart');
    expect(location.searchParams.get('s')).toBe(paymentId);
    expect(location.searchParams.get('t')).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.searchParams.has('eventId')).toBe(false);
    expect((await session(c)).paymentStatus).toBe('COMPLETED');
    expect(await stock('semla')).toBe(2);
    // The page of a finished payment says so instead of offering Pay again.
    expect((await c.get(`/demo/viva/web/checkout?ref=${paymentId}`)).status).toBe(409);
  });

  it('a second Pay on a finished payment answers 409 and changes nothing', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'semla', 1)]);
    const { paymentId } = (await start(c, VIVA)).json as StartPaymentResponse;
    expect((await c.form('/demo/viva/web/checkout/pay', { ref: paymentId })).status).toBe(303);
    const again = await c.form('/demo/viva/web/checkout/pay', { ref: paymentId });
    expect(again.status).toBe(409);
    expect(again.text).toContain('redan avslutad');
    expect(await stock('semla')).toBe(2);
  });

  it('Decline fails the payment and redirects with eventId=10051', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const { paymentId } = (await start(c, VIVA)).json as StartPaymentResponse;
    const declined = await c.form('/demo/viva/web/checkout/decline', { ref: paymentId });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toMatch(
      new RegExp(`^/cafe/cart\\?s=${paymentId}&t=[0-9a-f-]{36}&eventId=10051$`),
    );
    expect(await session(c)).toMatchObject({ paymentStatus: 'FAILED' });
  });

  it('ignores an invalid colour and never injects it', async () => {
    const c = h.client();
    await cartWith(c, [line('a', 'brygg', 1)]);
    const { paymentId } = (await start(c, VIVA)).json as StartPaymentResponse;
    const evil = encodeURIComponent(
      'red;background:url(javascript:alert(1))</style><script>alert(1)</script>',
    );
    const page = await c.get(`/demo/viva/web/checkout?ref=${paymentId}&color=${evil}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('javascript:');
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('#1a73e8');
    expect((await c.get('/demo/viva/web/checkout?ref=1234')).status).toBe(404);
  });
});

describe('Stripe simulator', () => {
  async function stripeStart(c: Client) {
    await cartWith(c, [line('a', 'semla', 1)]);
    const res = await start(c, STRIPE);
    expect(res.status).toBe(200);
    return res.json as StartPaymentResponse;
  }

  it('start answers paymentId, pi_… intent and its client secret; the session carries the intent id', async () => {
    const c = h.client();
    const started = await stripeStart(c);
    expect(started.paymentIntentId).toMatch(/^pi_/);
    expect(started.clientSecret).toMatch(new RegExp(`^${started.paymentIntentId}_secret_`));
    expect(await session(c)).toMatchObject({
      paymentStatus: 'STARTED',
      paymentIntentId: started.paymentIntentId,
    });
    const intent = (await c.get(`/api/v1/company/c-cafe/payments/${started.paymentIntentId}`))
      .json as PaymentIntentResponse;
    expect(intent.paymentIntent).toMatchObject({
      status: 'PENDING',
      paymentData: {
        clientSecret: started.clientSecret,
        stripeAccountId: 'acct_demo_cafe',
        pendingPaymentMethod: { amount: 5500, currency: 'SEK' },
        error: null,
      },
    });
  });

  it('4242 succeeds and completes the shop payment', async () => {
    const c = h.client();
    const { clientSecret, paymentIntentId } = await stripeStart(c);
    const res = await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });
    expect(res.status).toBe(200);
    expect(obj(obj(res.json).paymentIntent)).toMatchObject({ id: paymentIntentId, status: 'succeeded' });
    expect((await session(c)).paymentStatus).toBe('COMPLETED');
    expect(await stock('semla')).toBe(2);
    const again = await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4242424242424242' });
    expect(obj(obj(again.json).error).code).toBe('payment_intent_unexpected_state');
  });

  it('0002 is declined like Stripe and the payment stays open for another card', async () => {
    const c = h.client();
    const { clientSecret } = await stripeStart(c);
    const res = await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4000000000000002' });
    expect(res.status).toBe(402);
    expect(obj(obj(res.json).error)).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect((await session(c)).paymentStatus).toBe('STARTED');
    const other = await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '1234 5678 9012 3456' });
    expect(obj(obj(other.json).error).code).toBe('incorrect_number');
    expect(
      obj(
        obj((await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4242424242424242' })).json)
          .paymentIntent,
      ).status,
    ).toBe('succeeded');
  });

  it('3155 requires 3-D Secure: Complete → succeeded', async () => {
    const c = h.client();
    const { clientSecret, paymentIntentId } = await stripeStart(c);
    const first = await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4000 0025 0000 3155' });
    expect(obj(obj(first.json).paymentIntent).status).toBe('requires_action');
    const intent = (await c.get(`/api/v1/company/c-cafe/payments/${paymentIntentId}`))
      .json as PaymentIntentResponse;
    expect(intent.paymentIntent.status).toBe('REQUIRES_ACTION');
    // A second confirm still requires the action (the double then opens the dialog).
    expect(
      obj(
        obj((await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4000002500003155' })).json)
          .paymentIntent,
      ).status,
    ).toBe('requires_action');
    const done = await c.post('/demo/stripe/authenticate', { clientSecret, outcome: 'complete' });
    expect(obj(obj(done.json).paymentIntent).status).toBe('succeeded');
    expect((await session(c)).paymentStatus).toBe('COMPLETED');
  });

  it('3155 requires 3-D Secure: Fail → Stripe authentication error, payment still open', async () => {
    const c = h.client();
    const { clientSecret, paymentIntentId } = await stripeStart(c);
    await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4000002500003155' });
    const failed = await c.post('/demo/stripe/authenticate', { clientSecret, outcome: 'fail' });
    expect(obj(obj(failed.json).error)).toMatchObject({
      code: 'payment_intent_authentication_failure',
      message: expect.stringMatching(/^We are unable to authenticate your payment method/),
    });
    expect((await session(c)).paymentStatus).toBe('STARTED');
    const intent = (await c.get(`/api/v1/company/c-cafe/payments/${paymentIntentId}`))
      .json as PaymentIntentResponse;
    expect(intent.paymentIntent.status).toBe('PENDING');
    expect(intent.paymentIntent.paymentData.error?.message).toMatch(/unable to authenticate/);
    expect((await c.post('/demo/stripe/authenticate', { clientSecret, outcome: 'complete' })).status).toBe(
      400,
    );
  });

  it('the card payment page intent completes with 4242', async () => {
    const c = h.client();
    const before = (await c.get('/api/v1/company/c-cafe/payments/pi_demo_pending'))
      .json as PaymentIntentResponse;
    expect(before.paymentIntent).toMatchObject({
      status: 'PENDING',
      paymentData: { pendingPaymentMethod: { amount: 24900, currency: 'SEK' } },
    });
    const res = await c.post('/demo/stripe/confirm', {
      clientSecret: before.paymentIntent.paymentData.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(obj(obj(res.json).paymentIntent).status).toBe('succeeded');
    expect(
      ((await c.get('/api/v1/company/c-cafe/payments/pi_demo_pending')).json as PaymentIntentResponse)
        .paymentIntent.status,
    ).toBe('COMPLETED');
    // The /demo reset puts it back for the next QA round.
    expect((await c.form('/demo/reset', {})).status).toBe(303);
    expect(
      ((await c.get('/api/v1/company/c-cafe/payments/pi_demo_pending')).json as PaymentIntentResponse)
        .paymentIntent.status,
    ).toBe('PENDING');
  });

  it('a cart change cancels the intent too', async () => {
    const c = h.client();
    const { clientSecret, paymentIntentId } = await stripeStart(c);
    await cartWith(c, [line('a', 'brygg', 1)]);
    expect(
      ((await c.get(`/api/v1/company/c-cafe/payments/${paymentIntentId}`)).json as PaymentIntentResponse)
        .paymentIntent.status,
    ).toBe('CANCELLED');
    expect(
      obj(
        obj((await c.post('/demo/stripe/confirm', { clientSecret, cardNumber: '4242424242424242' })).json)
          .error,
      ).code,
    ).toBe('payment_intent_unexpected_state');
  });

  it('retrievePaymentIntent endpoint answers the Stripe-shaped intent', async () => {
    const c = h.client();
    const { clientSecret, paymentIntentId } = await stripeStart(c);
    const res = await c.get(`/demo/stripe/intent?clientSecret=${encodeURIComponent(clientSecret ?? '')}`);
    expect(obj(res.json).paymentIntent).toEqual({
      id: paymentIntentId,
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 5500,
      currency: 'sek',
      client_secret: clientSecret,
      last_payment_error: null,
    });
    expect((await c.get('/demo/stripe/intent?clientSecret=nope')).status).toBe(404);
  });

  it('unknown client secret → resource_missing', async () => {
    const res = await h
      .client()
      .post('/demo/stripe/confirm', { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242' });
    expect(res.status).toBe(404);
    expect(obj(obj(res.json).error).code).toBe('resource_missing');
  });

  it('serves the Stripe.js double with the API the SPA needs', async () => {
    const res = await h.client().get('/demo/stripe/v3.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    for (const name of [
      'confirmPayment',
      'confirmCardPayment',
      'handleNextAction',
      'createToken',
      'createPaymentMethod',
      'Kortnummer',
      'Card number',
      "Stripe.version = 'endive'",
    ]) {
      expect(res.text).toContain(name);
    }
    expect(() => new Function(res.text)).not.toThrow();
  });
});
