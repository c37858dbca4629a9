/**
 * Issue 12 point 4: the demo API's rate limits with their defaults (src/demo-api/http/rateLimits.ts). Each test
 * gets a fresh server, since the counters live in the server's memory. The counters go by wall time and the
 * windows are minutes long, so every test sends a burst well inside one window and never moves a clock.
 */
import type { SessionResponse, StartPaymentResponse } from '../../src/contract';
import { RATE_LIMIT_ENV, rateLimitsFromEnv } from '../../src/demo-api/envConfig';
import { DEFAULT_RATE_LIMITS, phoneKey } from '../../src/demo-api/http/rateLimits';
import {
  CAFE,
  cafeCustomer,
  line,
  obj,
  startDemo,
  type Answer,
  type Client,
  type Harness,
  SWISH,
  VIVA,
  STRIPE,
} from './demoTestClient';

const L = DEFAULT_RATE_LIMITS;

let h: Harness;
beforeEach(async () => {
  h = await startDemo({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterEach(async () => {
  await h.close();
});

/** A 429 as the house answers it: `{ name, errorCode }` and Retry-After in whole seconds within the window. */
function expectLimited(res: Answer, windowMs: number): void {
  expect(res.status).toBe(429);
  expect(res.json).toEqual({ name: 'TOO_MANY_REQUESTS', errorCode: 'RATE_LIMITED' });
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowMs / 1000);
}

/** A new visitor with a café cart. */
async function shopper(): Promise<Client> {
  const c = h.client();
  expect((await c.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', 1)], tabItems: [] })).status).toBe(200);
  return c;
}

function start(c: Client, paymentMethodId: string, customer: Record<string, unknown> = {}, extra = {}) {
  return c.post(`${CAFE}/cart/startPayment`, {
    paymentMethodId,
    customerInfo: cafeCustomer(customer),
    orderReference: null,
    ...extra,
  });
}

/** A receipt of the café, bought by a visitor of its own (Viva, approved in the simulator). */
async function newReceipt(): Promise<string> {
  const buyer = await shopper();
  const started = await start(buyer, VIVA);
  expect(started.status).toBe(200);
  const { paymentId } = started.json as StartPaymentResponse;
  expect((await buyer.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(200);
  const { receiptId } = (await buyer.get(`${CAFE}/cart`)).json as SessionResponse;
  if (!receiptId) throw new Error('no receipt');
  return receiptId;
}

const email = (c: Client, receiptId: string, to = 'ada@example.com') =>
  c.post(`${CAFE}/receipt/${receiptId}/email`, { email: to });

const outboxSize = () =>
  (h.api.ctx.db.sql.prepare('SELECT COUNT(*) AS n FROM email_outbox').get() as { n: number }).n;

/** The payments that asked a phone for a Swish approval. */
const swishToPhone = () =>
  (
    h.api.ctx.db.sql
      .prepare(`SELECT COUNT(*) AS n FROM payments WHERE method_type = 'SWISH_TRADE' AND token IS NULL`)
      .get() as { n: number }
  ).n;

describe('receipt e-mails', () => {
  it(`e-mail ${L.receiptEmailsPerSession.max + 1} of a session within the window gets 429 with Retry-After and sends nothing; another session still can`, async () => {
    const { max, windowMs } = L.receiptEmailsPerSession;
    // Spread over receipts, so the per-receipt limit is not what stops it.
    const perReceipt = L.receiptEmailsPerReceipt.max;
    const receipts: string[] = [];
    for (let i = 0; i < Math.ceil((max + 1) / perReceipt); i++) receipts.push(await newReceipt());
    const c = h.client();
    for (let i = 0; i < max; i++)
      expect((await email(c, receipts[Math.floor(i / perReceipt)]!, `guest${i}@example.com`)).status).toBe(
        204,
      );

    const before = h.api.ctx.db.snapshot();
    const last = receipts[Math.floor(max / perReceipt)]!;
    expectLimited(await email(c, last, 'one.more@example.com'), windowMs);
    expect(h.api.ctx.db.snapshot()).toBe(before);

    expect((await email(h.client(), last, 'someone@example.com')).status).toBe(204);
  });

  it(`e-mail ${L.receiptEmailsPerReceipt.max + 1} of one receipt gets 429 even from new sessions; another receipt still goes out`, async () => {
    const { max, windowMs } = L.receiptEmailsPerReceipt;
    const receiptId = await newReceipt();
    for (let i = 0; i < max; i++)
      expect((await email(h.client(), receiptId, `r${i}@example.com`)).status).toBe(204);

    const sent = outboxSize();
    const before = h.api.ctx.db.snapshot();
    expectLimited(await email(h.client(), receiptId, 'r-next@example.com'), windowMs);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(outboxSize()).toBe(sent);

    expect((await email(h.client(), await newReceipt())).status).toBe(204);
  });

  it(`the measured flood: one session sending 200 e-mails of a receipt to 200 addresses at once gets ${Math.min(L.receiptEmailsPerReceipt.max, L.receiptEmailsPerSession.max)} out, and 429 for the rest`, async () => {
    const receiptId = await newReceipt();
    const c = h.client();
    await c.get(`${CAFE}/cart`); // one session cookie for the whole burst
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => email(c, receiptId, `victim${i}@example.com`)),
    );
    const max = Math.min(L.receiptEmailsPerReceipt.max, L.receiptEmailsPerSession.max);
    expect(answers.filter((a) => a.status === 204)).toHaveLength(max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(200 - max);
    expect(outboxSize()).toBe(max);
  });

  it('an attempt the handler refuses (400 INVALID_EMAIL) counts; a body refused by validation does not', async () => {
    const { max, windowMs } = L.receiptEmailsPerReceipt;
    const receiptId = await newReceipt();
    for (let i = 0; i < 20; i++) {
      const res = await h.client().post(`${CAFE}/receipt/${receiptId}/email`, { mail: 'x@example.com' });
      expect(res.status).toBe(400);
      expect(obj(res.json).name).toBe('VALIDATION_ERROR');
    }
    for (let i = 0; i < max; i++) {
      const res = await email(h.client(), receiptId, 'a@b');
      expect(obj(res.json).name).toBe('INVALID_EMAIL');
    }
    expectLimited(await email(h.client(), receiptId), windowMs);
  });
});

describe('payment starts', () => {
  it(`start ${L.paymentStartsPerSession.max + 1} of a session within the window gets 429 and changes nothing (the pending payment stays)`, async () => {
    const { max, windowMs } = L.paymentStartsPerSession;
    const c = await shopper();
    // Switching method cancels the pending payment and starts another: every start changes the database.
    for (let i = 0; i < max; i++) expect((await start(c, i % 2 === 0 ? VIVA : STRIPE)).status).toBe(200);
    const pending = ((await c.get(`${CAFE}/cart`)).json as SessionResponse).paymentId;

    const before = h.api.ctx.db.snapshot();
    expectLimited(await start(c, max % 2 === 0 ? VIVA : STRIPE), windowMs);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(((await c.get(`${CAFE}/cart`)).json as SessionResponse).paymentId).toBe(pending);

    expect((await start(await shopper(), VIVA)).status).toBe(200);
  });

  it(`Swish request ${L.swishRequestsPerPhone.max + 1} to one phone number gets 429 across sessions, however the number is written`, async () => {
    const { max, windowMs } = L.swishRequestsPerPhone;
    const spellings = ['070-123 45 67', '0701234567', '+46701234567', '0046 70 123 45 67', '46701234567'];
    expect(spellings.length).toBeGreaterThanOrEqual(max);
    for (let i = 0; i < max; i++)
      expect((await start(await shopper(), SWISH, { phone: spellings[i] })).status).toBe(200);

    const c = await shopper();
    const before = h.api.ctx.db.snapshot();
    expectLimited(await start(c, SWISH, { phone: '070 123 45 67' }), windowMs);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(swishToPhone()).toBe(max);

    // Only requests sent to that number count: another number, a card, or Swish in the app on this phone.
    expect((await start(c, SWISH, { phone: '0739876543' })).status).toBe(200);
    expect((await start(await shopper(), VIVA)).status).toBe(200);
    expect((await start(await shopper(), SWISH, { phone: '0701234567', isMobile: true })).status).toBe(200);
    expect((await start(await shopper(), SWISH, { phone: '0701234567' }, { kiosk: true })).status).toBe(200);
    expect(swishToPhone()).toBe(max + 1);
  });

  it(`the measured flood: 100 sessions starting Swish to one number at once get ${L.swishRequestsPerPhone.max} requests to that phone, and 429 for the rest`, async () => {
    const clients = await Promise.all(Array.from({ length: 100 }, () => shopper()));
    const answers = await Promise.all(clients.map((c) => start(c, SWISH, { phone: '0701234567' })));
    const { max } = L.swishRequestsPerPhone;
    expect(answers.filter((a) => a.status === 200)).toHaveLength(max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(100 - max);
    expect(swishToPhone()).toBe(max);
  });
});

describe('cart writes', () => {
  it(`PUT cart ${L.cartWritesPerSession.max + 1} of a session within the window gets 429 and the cart stays as saved; other sessions still save`, async () => {
    const { max, windowMs } = L.cartWritesPerSession;
    const c = h.client();
    for (let i = 1; i <= max; i++)
      expect((await c.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', i)], tabItems: [] })).status).toBe(200);

    const before = h.api.ctx.db.snapshot();
    expectLimited(await c.put(`${CAFE}/cart`, { cart: [line('a', 'latte', 1)], tabItems: [] }), windowMs);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(((await c.get(`${CAFE}/cart`)).json as SessionResponse).cart).toEqual([
      expect.objectContaining({ productId: 'brygg', count: max }),
    ]);

    expect((await h.client().put(`${CAFE}/cart`, { cart: [], tabItems: [] })).status).toBe(200);
  });

  it('reading the cart is never limited (the SPA polls it every second while a payment is pending)', async () => {
    const c = await shopper();
    const answers = await Promise.all(Array.from({ length: 300 }, () => c.get(`${CAFE}/cart`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

describe('configuration', () => {
  it('one phone: digits in international form, a leading 0 read as Sweden, "+" and "00" dropped', () => {
    for (const spelling of [
      '070-123 45 67',
      '0701234567',
      '+46701234567',
      '+46 70 123 45 67',
      '0046701234567',
    ])
      expect(phoneKey(spelling)).toBe('46701234567');
    expect(phoneKey('0739876543')).not.toBe(phoneKey('0701234567'));
    expect(phoneKey(' Ring mig ')).toBe('ring mig');
  });

  it('RATE_LIMIT_* is "max/seconds"; unset or empty keeps the default; junk is refused with the variable named', () => {
    expect(rateLimitsFromEnv({ RATE_LIMIT_SWISH_PER_PHONE: '100/600' })).toEqual({
      swishRequestsPerPhone: { max: 100, windowMs: 600_000 },
    });
    expect(rateLimitsFromEnv({})).toEqual({});
    expect(rateLimitsFromEnv({ RATE_LIMIT_CART_WRITES_PER_SESSION: '' })).toEqual({});
    for (const bad of ['0/60', '5/0', '5', '5/1.5', 'five/60', '-1/60', '99999999999999999999/60'])
      expect(() => rateLimitsFromEnv({ RATE_LIMIT_EMAILS_PER_RECEIPT: bad })).toThrow(
        /RATE_LIMIT_EMAILS_PER_RECEIPT/,
      );
    expect(Object.keys(RATE_LIMIT_ENV).sort()).toEqual(Object.keys(DEFAULT_RATE_LIMITS).sort());
  });

  it('createDemoApi({ rateLimits }) overrides a rule: with 1 cart write a minute the second gets 429', async () => {
    const strict = await startDemo({
      rateLimits: { ...DEFAULT_RATE_LIMITS, cartWritesPerSession: { max: 1, windowMs: 60_000 } },
    });
    try {
      const c = strict.client();
      expect((await c.put(`${CAFE}/cart`, { cart: [], tabItems: [] })).status).toBe(200);
      expectLimited(await c.put(`${CAFE}/cart`, { cart: [], tabItems: [] }), 60_000);
    } finally {
      await strict.close();
    }
  });
});
