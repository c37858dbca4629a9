/** State survives a restart: a file database is reopened, seeding does not reset or duplicate anything. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ReceiptResponse,
  SessionResponse,
  ShopResponse,
  StartPaymentResponse,
} from '../../src/contract';
import { CAFE, Client, cafeCustomer, line, startDemo } from './demoTestClient';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-api-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps carts, stock, payments, receipts and the outbox across a restart', async () => {
  const dbPath = path.join(dir, 'nested', 'demo.sqlite');
  const first = await startDemo({ dbPath });
  const c = first.client();
  await c.put(`${CAFE}/cart`, { cart: [line('a', 'semla', 2)], tabItems: [] });
  const { paymentId } = (
    await c.post(`${CAFE}/cart/startPayment`, {
      paymentMethodId: 'pm-cafe-swish',
      customerInfo: cafeCustomer(),
      orderReference: null,
    })
  ).json as StartPaymentResponse;
  await c.post(`/demo/api/payments/${paymentId}/approve`);
  const receiptId = ((await c.get(`${CAFE}/cart`)).json as SessionResponse).receiptId ?? '';
  await c.post(`${CAFE}/receipt/${receiptId}/email`, { email: 'asa@example.com' });
  await c.put(`${CAFE}/cart`, { cart: [line('b', 'latte', 1, ['d-soy'], 'Het')], tabItems: [] });
  expect(first.api.ctx.db.sql.pragma('journal_mode', { simple: true })).toBe('wal');
  const counts = first.api.ctx.db.sql
    .prepare(
      'SELECT (SELECT COUNT(*) FROM shops) AS shops, (SELECT COUNT(*) FROM stock) AS stock, (SELECT COUNT(*) FROM payment_intents) AS intents',
    )
    .get();
  await first.close();

  const second = await startDemo({ dbPath });
  try {
    // The same visitor (same cookie) on the restarted server.
    const again = new Client(second.origin);
    for (const [k, v] of c.cookies) again.cookies.set(k, v);
    const session = (await again.get(`${CAFE}/cart`)).json as SessionResponse;
    expect(session.cart).toEqual([
      { id: 'b', productId: 'latte', count: 1, deviations: ['d-soy'], description: 'Het' },
    ]);
    expect(((await again.get(CAFE)).json as ShopResponse).articles.semla?.count).toBe(1);
    expect(((await again.get(`${CAFE}/receipt/${receiptId}`)).json as ReceiptResponse).receiptId).toBe(
      receiptId,
    );
    expect(((await again.get('/demo/api/outbox')).json as unknown[]).length).toBe(1);
    expect(
      ((await again.get('/demo/api/payments')).json as { status: string }[]).map((p) => p.status),
    ).toEqual(['COMPLETED']);
    // Seeding again neither duplicated fixtures nor reset stock.
    expect(
      second.api.ctx.db.sql
        .prepare(
          'SELECT (SELECT COUNT(*) FROM shops) AS shops, (SELECT COUNT(*) FROM stock) AS stock, (SELECT COUNT(*) FROM payment_intents) AS intents',
        )
        .get(),
    ).toEqual(counts);
  } finally {
    await second.close();
  }
});
