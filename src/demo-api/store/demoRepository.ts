/**
 * Typed reads and writes of the demo database's rows. With demoDb.ts (schema, seeding, reset) this is the
 * demo API's only SQL; a test (sqlInStore.test.ts) keeps it so. Callers run writes inside `db.transaction`,
 * so a rejected request leaves nothing behind.
 */
import type {
  Bookkeeper,
  Currency,
  PaymentIntentStatus,
  PaymentMethodType,
  ReceiptResponse,
  WireCartItem,
  WireCustomerInfo,
  WireTabSelection,
} from '../../contract';
import type { ShopFixture } from '../fixtures/fixtureTypes';
import type { DemoDb, StoredTabEntry } from './demoDb';

/**
 * This server's session signing secret: the stored one, or `fresh` stored first when there is none yet (so
 * sessions outlive a restart on the same database file).
 */
export function keepSessionSecret(db: DemoDb, fresh: string): string {
  db.stmt("INSERT OR IGNORE INTO meta (key, value) VALUES ('session_secret', ?)").run(fresh);
  const row = db.stmt("SELECT value FROM meta WHERE key = 'session_secret'").get() as { value: string };
  return row.value;
}

/** The seeded shop fixtures, in seeding order. */
export function readShopFixtures(db: DemoDb): ShopFixture[] {
  const rows = db.stmt('SELECT fixture FROM shops ORDER BY rowid').all() as { fixture: string }[];
  return rows.map((row) => JSON.parse(row.fixture) as ShopFixture);
}

/** Live stock of a shop's limited products, by product id. */
export function stockCounts(db: DemoDb, shopId: string): Map<string, number> {
  const rows = db.stmt('SELECT product_id, count FROM stock WHERE shop_id = ?').all(shopId) as {
    product_id: string;
    count: number;
  }[];
  return new Map(rows.map((row) => [row.product_id, row.count]));
}

/** Takes `units` of a limited product out of stock; answers false, changing nothing, when fewer are left. */
export function sellStock(db: DemoDb, shopId: string, productId: string, units: number): boolean {
  const result = db
    .stmt(
      'UPDATE stock SET count = count - @units WHERE shop_id = @shopId AND product_id = @productId AND count >= @units',
    )
    .run({ units, shopId, productId });
  return result.changes === 1;
}

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

/** Empties the cart a completed payment paid for, unless the session has moved on to another payment. */
export function clearPaidCart(db: DemoDb, sid: string, shopId: string, paymentId: string, now: number): void {
  db.stmt(
    "UPDATE carts SET cart = '[]', tab_items = '[]', updated_at = ? WHERE sid = ? AND shop_id = ? AND payment_id = ?",
  ).run(now, sid, shopId, paymentId);
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
 * Units in the lines of the shop's pending (STARTED) payments that match `lineFilter`, summed by the line's
 * `key`, leaving out `exceptSid`'s own payments. What pending payments hold (stock, tab lines) is derived from
 * them rather than kept in a table of its own, so every way out of STARTED (cancel, failure, error, expiry,
 * completion) releases it in the same update that changes the status; nothing can drift.
 */
function pendingUnits(
  db: DemoDb,
  key: 'productId' | 'lineId',
  lineFilter: string,
  params: { shopId: string; exceptSid: string | null; tabId?: string },
): Map<string, number> {
  const rows = db
    .stmt(
      // `sid IS NOT NULL` (no session left out) is true for every row: sid is NOT NULL.
      // Not `AS id`: json_each has an `id` column of its own, which GROUP BY id would take.
      `SELECT json_extract(line.value, '$.${key}') AS held_id, SUM(json_extract(line.value, '$.count')) AS units
       FROM payments AS p, json_each(p.lines) AS line
       WHERE p.status = 'STARTED' AND p.shop_id = @shopId AND p.sid IS NOT @exceptSid AND ${lineFilter}
       GROUP BY held_id`,
    )
    .all({ tabId: null, ...params }) as { held_id: string; units: number }[];
  return new Map(rows.map((row) => [row.held_id, row.units]));
}

/**
 * Units of limited products held by the shop's pending payments, by product id: the cart lines they were
 * priced with (`limitStock` as it was at the start; tab lines are never limited). `exceptSid` leaves out one
 * session's own payments (what that session can still buy).
 */
export function reservedCounts(
  db: DemoDb,
  shopId: string,
  exceptSid: string | null = null,
): Map<string, number> {
  return pendingUnits(
    db,
    'productId',
    "json_extract(line.value, '$.source') = 'cart' AND json_extract(line.value, '$.limitStock') = 1",
    { shopId, exceptSid },
  );
}

/**
 * Units of each entry of a tab held by pending payments (docs/product-rules.md §3 "a tab line is held while it
 * is paid"), leaving out `exceptSid`'s own: entry id → units.
 */
export function heldTabCounts(
  db: DemoDb,
  shopId: string,
  tabId: string,
  exceptSid: string | null = null,
): Map<string, number> {
  return pendingUnits(
    db,
    'lineId',
    "json_extract(line.value, '$.source') = 'tab' AND json_extract(line.value, '$.tabId') = @tabId",
    { shopId, exceptSid, tabId },
  );
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

/** A pending payment with something due: a simulated outcome or the end of its reservation. */
export interface DuePayment {
  paymentId: string;
  forcedOutcome: string | null;
  dueAt: number | null;
  createdAt: number;
}

/**
 * STARTED payments whose simulated outcome is due by `now` or whose reservation (`reservationMs` from their
 * start) has run out, oldest first.
 */
export function listDuePayments(db: DemoDb, now: number, reservationMs: number): DuePayment[] {
  const rows = db
    .stmt(
      `SELECT payment_id, forced_outcome, due_at, created_at FROM payments
       WHERE status = 'STARTED' AND ((due_at IS NOT NULL AND due_at <= @now) OR created_at <= @now - @reservationMs)
       ORDER BY created_at, rowid`,
    )
    .all({ now, reservationMs }) as {
    payment_id: string;
    forced_outcome: string | null;
    due_at: number | null;
    created_at: number;
  }[];
  return rows.map((row) => ({
    paymentId: row.payment_id,
    forcedOutcome: row.forced_outcome,
    dueAt: row.due_at,
    createdAt: row.created_at,
  }));
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

/** A stored receipt: the receipt as answered, and where it was issued. */
export interface ReceiptRecord {
  receiptId: string;
  shopId: string;
  companyId: string;
  paymentId: string;
  receipt: ReceiptResponse;
}

/** True when a receipt with this id exists (receipt ids are random; a new one must not collide). */
export function receiptExists(db: DemoDb, receiptId: string): boolean {
  return db.stmt('SELECT 1 FROM receipts WHERE receipt_id = ?').get(receiptId) !== undefined;
}

/** Inserts a receipt. */
export function insertReceipt(db: DemoDb, record: ReceiptRecord, now: number): void {
  db.stmt(
    'INSERT INTO receipts (receipt_id, shop_id, company_id, payment_id, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    record.receiptId,
    record.shopId,
    record.companyId,
    record.paymentId,
    JSON.stringify(record.receipt),
    now,
  );
}

/** A receipt's content and shop, or undefined. */
export function readReceipt(
  db: DemoDb,
  receiptId: string,
): { shopId: string; receipt: ReceiptResponse } | undefined {
  const row = db.stmt('SELECT shop_id, data FROM receipts WHERE receipt_id = ?').get(receiptId) as
    { shop_id: string; data: string } | undefined;
  return row ? { shopId: row.shop_id, receipt: JSON.parse(row.data) as ReceiptResponse } : undefined;
}

/** Where the newest receipt was issued (the /demo page links to it), or undefined before the first. */
export function latestReceipt(
  db: DemoDb,
): { receiptId: string; companyId: string; shopId: string } | undefined {
  const row = db
    .stmt('SELECT receipt_id, company_id, shop_id FROM receipts ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get() as { receipt_id: string; company_id: string; shop_id: string } | undefined;
  return row ? { receiptId: row.receipt_id, companyId: row.company_id, shopId: row.shop_id } : undefined;
}

/** An e-mail in the demo's outbox (nothing is really sent). */
export interface OutboxMail {
  id: number;
  receiptId: string;
  to: string;
  subject: string;
  body: string;
  createdAt: number;
}

/** Puts an e-mail in the outbox. */
export function insertOutboxMail(db: DemoDb, mail: Omit<OutboxMail, 'id' | 'createdAt'>, now: number): void {
  db.stmt(
    'INSERT INTO email_outbox (receipt_id, to_address, subject, body, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(mail.receiptId, mail.to, mail.subject, mail.body, now);
}

/** The newest e-mails of the outbox, newest first, at most `limit`. */
export function listOutbox(db: DemoDb, limit: number): OutboxMail[] {
  const rows = db.stmt('SELECT * FROM email_outbox ORDER BY id DESC LIMIT ?').all(limit) as {
    id: number;
    receipt_id: string;
    to_address: string;
    subject: string;
    body: string;
    created_at: number;
  }[];
  return rows.map((row) => ({
    id: row.id,
    receiptId: row.receipt_id,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
  }));
}

/** A one-time authorization code from the demo's bookkeeping authorize page. */
export interface OauthCodeRecord {
  code: string;
  provider: Bookkeeper;
  companyId: string;
  scopeState: string;
  createdAt: number;
  /** When the code was redeemed; null while it is unused. */
  usedAt: number | null;
}

/** Stores a new, unused authorization code. */
export function insertOauthCode(
  db: DemoDb,
  code: Omit<OauthCodeRecord, 'createdAt' | 'usedAt'>,
  now: number,
): void {
  db.stmt(
    'INSERT INTO oauth_codes (code, provider, company_id, scope_state, created_at, used_at) VALUES (?, ?, ?, ?, ?, NULL)',
  ).run(code.code, code.provider, code.companyId, code.scopeState, now);
}

/** Reads an authorization code, or undefined. */
export function readOauthCode(db: DemoDb, code: string): Omit<OauthCodeRecord, 'scopeState'> | undefined {
  const row = db
    .stmt('SELECT provider, company_id, created_at, used_at FROM oauth_codes WHERE code = ?')
    .get(code) as
    { provider: Bookkeeper; company_id: string; created_at: number; used_at: number | null } | undefined;
  return row
    ? {
        code,
        provider: row.provider,
        companyId: row.company_id,
        createdAt: row.created_at,
        usedAt: row.used_at,
      }
    : undefined;
}

/** Marks an authorization code as redeemed. */
export function markOauthCodeUsed(db: DemoDb, code: string, now: number): void {
  db.stmt('UPDATE oauth_codes SET used_at = ? WHERE code = ?').run(now, code);
}

/** Makes every code not yet redeemed `ms` older (the demo's control API: a code's lifetime runs out). */
export function ageUnusedOauthCodes(db: DemoDb, ms: number): number {
  return Number(
    db.stmt('UPDATE oauth_codes SET created_at = created_at - ? WHERE used_at IS NULL').run(ms).changes,
  );
}

/** Stores a company's integration with a bookkeeper, replacing an earlier one. */
export function saveIntegration(
  db: DemoDb,
  integration: { companyId: string; provider: Bookkeeper; authorizationCode: string; scopes: string },
  now: number,
): void {
  db.stmt(
    `INSERT INTO integrations (company_id, provider, authorization_code, scopes, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (company_id, provider) DO UPDATE SET authorization_code = excluded.authorization_code,
       scopes = excluded.scopes, created_at = excluded.created_at`,
  ).run(integration.companyId, integration.provider, integration.authorizationCode, integration.scopes, now);
}
