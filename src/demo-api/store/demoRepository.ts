/**
 * Typed reads and writes of the demo database's rows. Callers run writes inside `db.transaction`, so a
 * rejected request leaves nothing behind.
 */
import type {
  Currency,
  PaymentIntentStatus,
  PaymentMethodType,
  WireCartItem,
  WireCustomerInfo,
  WireTabSelection,
} from '../../contract';
import type { DemoDb, StoredTabEntry } from './demoDb';

/** A session's cart in one shop. */
export interface CartRecord {
  sid: string;
  shopId: string;
  cart: WireCartItem[];
  tabItems: WireTabSelection[];
  tabId: string | null;
  orderReference: string | null;
  /** The session's current payment (pending or last outcome); null means NOT_STARTED. */
  paymentId: string | null;
}

interface CartRow {
  sid: string;
  shop_id: string;
  cart: string;
  tab_items: string;
  tab_id: string | null;
  order_reference: string | null;
  payment_id: string | null;
}

/** Reads the cart of (session, shop), or undefined when the session never wrote to this shop. */
export function readCart(db: DemoDb, sid: string, shopId: string): CartRecord | undefined {
  const row = db.stmt('SELECT * FROM carts WHERE sid = ? AND shop_id = ?').get(sid, shopId) as
    CartRow | undefined;
  if (!row) return undefined;
  return {
    sid: row.sid,
    shopId: row.shop_id,
    cart: JSON.parse(row.cart) as WireCartItem[],
    tabItems: JSON.parse(row.tab_items) as WireTabSelection[],
    tabId: row.tab_id,
    orderReference: row.order_reference,
    paymentId: row.payment_id,
  };
}

/** An empty cart record (not stored). */
export function emptyCart(sid: string, shopId: string): CartRecord {
  return { sid, shopId, cart: [], tabItems: [], tabId: null, orderReference: null, paymentId: null };
}

/** Stores the cart (creating the session row on first write). */
export function writeCart(db: DemoDb, record: CartRecord, now: number): void {
  db.stmt('INSERT OR IGNORE INTO sessions (sid, created_at) VALUES (?, ?)').run(record.sid, now);
  db.stmt(
    `INSERT INTO carts (sid, shop_id, cart, tab_items, tab_id, order_reference, payment_id, updated_at)
     VALUES (@sid, @shopId, @cart, @tabItems, @tabId, @orderReference, @paymentId, @now)
     ON CONFLICT (sid, shop_id) DO UPDATE SET cart = excluded.cart, tab_items = excluded.tab_items,
       tab_id = excluded.tab_id, order_reference = excluded.order_reference, payment_id = excluded.payment_id,
       updated_at = excluded.updated_at`,
  ).run({
    sid: record.sid,
    shopId: record.shopId,
    cart: JSON.stringify(record.cart),
    tabItems: JSON.stringify(record.tabItems),
    tabId: record.tabId,
    orderReference: record.orderReference,
    paymentId: record.paymentId,
    now,
  });
}

/** An open tab with its remaining entries. */
export interface TabRecord {
  shopId: string;
  tabId: string;
  customerReference: string;
  entries: StoredTabEntry[];
}

/** Reads a tab of a shop, or undefined. */
export function readTab(db: DemoDb, shopId: string, tabId: string): TabRecord | undefined {
  const row = db.stmt('SELECT * FROM tabs WHERE shop_id = ? AND tab_id = ?').get(shopId, tabId) as
    { shop_id: string; tab_id: string; customer_reference: string; entries: string } | undefined;
  if (!row) return undefined;
  return {
    shopId: row.shop_id,
    tabId: row.tab_id,
    customerReference: row.customer_reference,
    entries: JSON.parse(row.entries) as StoredTabEntry[],
  };
}

/** Stores a tab's remaining entries. */
export function writeTabEntries(db: DemoDb, tab: TabRecord): void {
  db.stmt('UPDATE tabs SET entries = ? WHERE shop_id = ? AND tab_id = ?').run(
    JSON.stringify(tab.entries),
    tab.shopId,
    tab.tabId,
  );
}

/** True when the tab has anything left to pay. */
export function isTabOpen(tab: TabRecord): boolean {
  return tab.entries.some((entry) => entry.count > 0);
}

/** One line of what a payment pays for, priced by the server when the payment started. */
export interface OrderLine {
  source: 'cart' | 'tab';
  /** Cart item id or tab entry id. */
  lineId: string;
  productId: string;
  title: string;
  count: number;
  /** Product unit price in minor units, before extras. */
  price: number;
  tax: number;
  deviations: { id: string; name: string; price: number; tax: number }[];
  description: string | null;
  limitStock: boolean;
  /** The tab a 'tab' line was paid from. */
  tabId: string | null;
}

/** Server-side payment status; LOADING and NOT_STARTED exist only in the SPA or for "no payment". */
export type StoredPaymentStatus = 'STARTED' | 'COMPLETED' | 'FAILED' | 'ERROR' | 'CANCELLED';

/** A payment of a session's cart. */
export interface PaymentRecord {
  paymentId: string;
  shopId: string;
  sid: string;
  methodId: string;
  methodType: PaymentMethodType;
  status: StoredPaymentStatus;
  message: string | null;
  amount: number;
  currency: Currency;
  lines: OrderLine[];
  customer: WireCustomerInfo;
  orderReference: string | null;
  token: string | null;
  intentId: string | null;
  transactionId: string | null;
  receiptId: string | null;
  forcedOutcome: string | null;
  dueAt: number | null;
  createdAt: number;
  updatedAt: number;
}

interface PaymentRow {
  payment_id: string;
  shop_id: string;
  sid: string;
  method_id: string;
  method_type: PaymentMethodType;
  status: StoredPaymentStatus;
  message: string | null;
  amount: number;
  currency: Currency;
  lines: string;
  customer: string;
  order_reference: string | null;
  token: string | null;
  intent_id: string | null;
  transaction_id: string | null;
  receipt_id: string | null;
  forced_outcome: string | null;
  due_at: number | null;
  created_at: number;
  updated_at: number;
}

function toPayment(row: PaymentRow): PaymentRecord {
  return {
    paymentId: row.payment_id,
    shopId: row.shop_id,
    sid: row.sid,
    methodId: row.method_id,
    methodType: row.method_type,
    status: row.status,
    message: row.message,
    amount: row.amount,
    currency: row.currency,
    lines: JSON.parse(row.lines) as OrderLine[],
    customer: JSON.parse(row.customer) as WireCustomerInfo,
    orderReference: row.order_reference,
    token: row.token,
    intentId: row.intent_id,
    transactionId: row.transaction_id,
    receiptId: row.receipt_id,
    forcedOutcome: row.forced_outcome,
    dueAt: row.due_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Reads a payment by id. */
export function readPayment(db: DemoDb, paymentId: string): PaymentRecord | undefined {
  const row = db.stmt('SELECT * FROM payments WHERE payment_id = ?').get(paymentId) as PaymentRow | undefined;
  return row ? toPayment(row) : undefined;
}

/** Payments filtered by status (all when null), newest first, at most `limit`. */
export function listPayments(db: DemoDb, status: StoredPaymentStatus | null, limit: number): PaymentRecord[] {
  const rows = (
    status
      ? db
          .stmt('SELECT * FROM payments WHERE status = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
          .all(status, limit)
      : db.stmt('SELECT * FROM payments ORDER BY created_at DESC, rowid DESC LIMIT ?').all(limit)
  ) as PaymentRow[];
  return rows.map(toPayment);
}

/**
 * Units of limited products held by the shop's pending (STARTED) payments, by product id: the cart lines
 * they were priced with (`limitStock` as it was at the start; tab lines are never limited). Reservations are
 * derived from the payments rather than kept in a table of their own, so every way out of STARTED (cancel,
 * failure, error, expiry, completion) releases them in the same update that changes the status; nothing can
 * drift. `exceptSid` leaves out one session's own payments (what that session can still buy).
 */
export function reservedCounts(
  db: DemoDb,
  shopId: string,
  exceptSid: string | null = null,
): Map<string, number> {
  const rows = db
    .stmt(
      // `sid IS NOT NULL` (no session left out) is true for every row: sid is NOT NULL.
      `SELECT json_extract(line.value, '$.productId') AS product_id, SUM(json_extract(line.value, '$.count')) AS units
       FROM payments AS p, json_each(p.lines) AS line
       WHERE p.status = 'STARTED' AND p.shop_id = ? AND p.sid IS NOT ?
         AND json_extract(line.value, '$.source') = 'cart' AND json_extract(line.value, '$.limitStock') = 1
       GROUP BY product_id`,
    )
    .all(shopId, exceptSid) as { product_id: string; units: number }[];
  return new Map(rows.map((row) => [row.product_id, row.units]));
}

/** Inserts a new payment. */
export function insertPayment(db: DemoDb, p: PaymentRecord): void {
  db.stmt(
    `INSERT INTO payments (payment_id, shop_id, sid, method_id, method_type, status, message, amount, currency, lines,
       customer, order_reference, token, intent_id, transaction_id, receipt_id, forced_outcome, due_at, created_at, updated_at)
     VALUES (@paymentId, @shopId, @sid, @methodId, @methodType, @status, @message, @amount, @currency, @lines, @customer,
       @orderReference, @token, @intentId, @transactionId, @receiptId, @forcedOutcome, @dueAt, @createdAt, @updatedAt)`,
  ).run({ ...p, lines: JSON.stringify(p.lines), customer: JSON.stringify(p.customer) });
}

/**
 * Moves a STARTED payment to a final status. Answers false when it was no longer STARTED, which is what
 * makes completion idempotent: only the request that wins this update decrements stock.
 */
export function finishPayment(
  db: DemoDb,
  paymentId: string,
  status: Exclude<StoredPaymentStatus, 'STARTED'>,
  fields: { message?: string | null; transactionId?: string | null; receiptId?: string | null },
  now: number,
): boolean {
  const result = db
    .stmt(
      `UPDATE payments SET status = @status, message = @message, transaction_id = COALESCE(@transactionId, transaction_id),
         receipt_id = COALESCE(@receiptId, receipt_id), due_at = NULL, updated_at = @now
       WHERE payment_id = @paymentId AND status = 'STARTED'`,
    )
    .run({
      paymentId,
      status,
      message: fields.message ?? null,
      transactionId: fields.transactionId ?? null,
      receiptId: fields.receiptId ?? null,
      now,
    });
  return result.changes === 1;
}

/** A Stripe-style payment intent (shop STRIPE payments and the card payment page). */
export interface IntentRecord {
  intentId: string;
  companyId: string;
  clientSecret: string;
  stripeAccountId: string;
  amount: number;
  currency: Currency;
  status: PaymentIntentStatus;
  errorMessage: string | null;
  paymentId: string | null;
}

interface IntentRow {
  intent_id: string;
  company_id: string;
  client_secret: string;
  stripe_account_id: string;
  amount: number;
  currency: Currency;
  status: PaymentIntentStatus;
  error_message: string | null;
  payment_id: string | null;
}

function toIntent(row: IntentRow): IntentRecord {
  return {
    intentId: row.intent_id,
    companyId: row.company_id,
    clientSecret: row.client_secret,
    stripeAccountId: row.stripe_account_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    errorMessage: row.error_message,
    paymentId: row.payment_id,
  };
}

/** Reads an intent of a company. */
export function readIntent(db: DemoDb, companyId: string, intentId: string): IntentRecord | undefined {
  const row = db
    .stmt('SELECT * FROM payment_intents WHERE company_id = ? AND intent_id = ?')
    .get(companyId, intentId) as IntentRow | undefined;
  return row ? toIntent(row) : undefined;
}

/** Reads an intent by its client secret (what Stripe.js confirms with). */
export function readIntentBySecret(db: DemoDb, clientSecret: string): IntentRecord | undefined {
  const row = db.stmt('SELECT * FROM payment_intents WHERE client_secret = ?').get(clientSecret) as
    IntentRow | undefined;
  return row ? toIntent(row) : undefined;
}

/** Inserts an intent. */
export function insertIntent(db: DemoDb, intent: IntentRecord, now: number): void {
  db.stmt(
    `INSERT INTO payment_intents (intent_id, company_id, client_secret, stripe_account_id, amount, currency, status,
       error_message, payment_id, seeded, created_at, updated_at)
     VALUES (@intentId, @companyId, @clientSecret, @stripeAccountId, @amount, @currency, @status, @errorMessage, @paymentId, 0, @now, @now)`,
  ).run({ ...intent, now });
}

/** Sets an intent's status and last error. */
export function updateIntent(
  db: DemoDb,
  intent: Pick<IntentRecord, 'companyId' | 'intentId'>,
  status: PaymentIntentStatus,
  errorMessage: string | null,
  now: number,
): void {
  db.stmt(
    'UPDATE payment_intents SET status = ?, error_message = ?, updated_at = ? WHERE company_id = ? AND intent_id = ?',
  ).run(status, errorMessage, now, intent.companyId, intent.intentId);
}
