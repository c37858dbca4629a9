/**
 * The payment state machine of the demo API: start, cancel, complete, fail and expire, each in one
 * transaction. Amounts are always priced here from the fixtures (never taken from the client), and
 * completion is guarded by a STARTED → COMPLETED update, so stock is decremented exactly once however often
 * a provider (or QA) reports success.
 *
 * Stock (issue 9): a STARTED payment reserves the limited lines it was priced with. Reservations are not
 * stored on their own; they are the STARTED payments' lines (`reservedCounts`), so leaving STARTED by any
 * path (cancel, failure, error, expiry) releases them, and completion turns them into a decrement in the
 * same transaction. A start only reserves what is neither sold nor reserved, hence at every moment
 * Σ reserved ≤ stock, and a completion never finds its stock short.
 */
import type {
  PaymentMethodType,
  StartPaymentRequest,
  StartPaymentResponse,
  StockLevel,
  WireCustomerInfo,
} from '../../contract';
import { cartFingerprint } from '../../domain/cart';
import { isCustomerInfoValid, validateCustomerInfo } from '../../domain/customerInfo';
import { invalidGroups } from '../../domain/extras';
import { lineTotal } from '../../domain/receipt';
import { DemoApiError, badRequest, conflict, notFound } from '../http/apiErrors';
import type { DemoContext } from '../demoContext';
import {
  clearPaidCart,
  emptyCart,
  finishPayment,
  heldTabCounts,
  insertIntent,
  insertPayment,
  insertReceipt,
  listDuePayments,
  readCart,
  readIntent,
  readPayment,
  readTab,
  receiptExists,
  sellStock,
  stockCounts,
  updateIntent,
  writeCart,
  writeTabEntries,
  type CartRecord,
  type OrderLine,
  type PaymentRecord,
  type StoredPaymentStatus,
  type TabRecord,
} from '../store/demoRepository';
import { newPaymentIntent, newReceiptId, newSwishPaymentId, newUuid, newVivaOrderCode } from '../ids';
import { buildReceipt } from './receiptBuilder';
import {
  deviationPrice,
  matchReference,
  shapedReference,
  unreservedStock,
  type CatalogShop,
} from './shopCatalog';
import { outcomeForCode, swishForcedOutcome } from '../simulators/swishSimulator';

/** The shop or 404 SHOP_NOT_FOUND. */
export function requireShop(ctx: DemoContext, shopId: string): CatalogShop {
  const shop = ctx.catalog.shop(shopId);
  if (!shop) throw notFound('SHOP_NOT_FOUND');
  return shop;
}

/** Tab selections that still count (a count of 0 means "not chosen"). */
function chosenTabItems(cart: CartRecord): CartRecord['tabItems'] {
  return cart.tabItems.filter((item) => item.count > 0);
}

/**
 * Prices the session's cart and tab selection into order lines. Throws TAB_ITEM_UNAVAILABLE when another
 * guest has paid part of the tab since the selection was made.
 */
function priceOrder(shop: CatalogShop, cart: CartRecord, tab: TabRecord | undefined): OrderLine[] {
  const lines: OrderLine[] = [];
  // An extra is taxed at its own rate, or at its product's when it has none.
  const lineDeviations = (ids: string[], productTax: number) =>
    ids.map((id) => {
      const deviation = shop.deviations.get(id);
      return {
        id,
        name: deviation?.name ?? id,
        price: deviationPrice(deviation),
        tax: deviation?.tax ?? productTax,
      };
    });
  for (const item of cart.cart) {
    const product = shop.products.get(item.productId);
    if (!product) throw badRequest('PRODUCT_NOT_FOUND');
    lines.push({
      source: 'cart',
      lineId: item.id,
      productId: product.id,
      title: product.title,
      count: item.count,
      price: product.price.amount,
      tax: product.tax,
      deviations: lineDeviations(item.deviations, product.tax),
      description: item.description ?? null,
      limitStock: product.limitStock,
      tabId: null,
    });
  }
  for (const selection of chosenTabItems(cart)) {
    const entry = tab?.entries.find((e) => e.id === selection.id);
    const product = entry ? shop.products.get(entry.productId) : undefined;
    if (!tab || !entry || !product || selection.count > entry.count) throw badRequest('TAB_ITEM_UNAVAILABLE');
    lines.push({
      source: 'tab',
      lineId: entry.id,
      productId: product.id,
      title: product.title,
      count: selection.count,
      price: product.price.amount,
      tax: product.tax,
      deviations: lineDeviations(entry.deviationIds, product.tax),
      description: entry.description,
      limitStock: false, // tab entries were served already; their stock was taken when ordered
      tabId: tab.tabId,
    });
  }
  return lines;
}

/** The amount to pay in minor units: Σ line totals with the shared §9 maths. */
function orderAmount(lines: OrderLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal({ ...line, sizeOfItem: 1, discount: null }), 0);
}

/**
 * The fingerprint (domain/cart) of what a start would charge for the cart the server holds: its lines, the
 * chosen tab items and the priced total in the shop's currency. Throws what `priceOrder` throws.
 */
function serverCartFingerprint(shop: CatalogShop, cart: CartRecord, tab: TabRecord | undefined): string {
  const amount = orderAmount(priceOrder(shop, cart, tab));
  return cartFingerprint({
    lines: cart.cart,
    tabItems: chosenTabItems(cart),
    total: { amount, currency: shop.currency },
  });
}

/**
 * Limited products the cart wants more of than is free, with what is free (§8 OUT_OF_STOCK): stock less
 * every pending payment's reservation. Called after the session's own pending payment was cancelled, so
 * what is left over is exactly what this customer can have.
 */
function stockShortages(ctx: DemoContext, shop: CatalogShop, cart: CartRecord): StockLevel[] {
  const wanted = new Map<string, number>();
  for (const item of cart.cart) {
    if (shop.products.get(item.productId)?.limitStock)
      wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.count);
  }
  if (wanted.size === 0) return [];
  const stock = unreservedStock(ctx.db, shop.shopId);
  const short: StockLevel[] = [];
  for (const [id, quantity] of wanted) {
    const left = stock.get(id) ?? 0;
    if (quantity > left) short.push({ id, stock: left });
  }
  return short;
}

/**
 * The chosen tab lines another guest's pending payment holds (docs/product-rules.md §3: a tab line is held
 * while it is paid): the entry ids whose chosen count is more than the tab has left once the other sessions'
 * pending payments are taken off. Called after the session's own pending payment was handed back or
 * cancelled, so its own hold never stands in its way.
 */
function tabLinesHeldByOthers(ctx: DemoContext, cart: CartRecord, tab: TabRecord | undefined): string[] {
  if (!tab) return [];
  const held = heldTabCounts(ctx.db, tab.shopId, tab.tabId, cart.sid);
  return chosenTabItems(cart).flatMap((selection) => {
    const left = (tab.entries.find((e) => e.id === selection.id)?.count ?? 0) - (held.get(selection.id) ?? 0);
    return selection.count > left ? [selection.id] : [];
  });
}

function normalizedCustomer(info: Partial<WireCustomerInfo> | undefined): WireCustomerInfo {
  return {
    name: info?.name ?? '',
    email: info?.email ?? '',
    phone: info?.phone ?? '',
    extraInfo: info?.extraInfo ?? '',
    postalCode: info?.postalCode ?? '',
    address: info?.address ?? '',
    city: info?.city ?? '',
    isMobile: info?.isMobile ?? false,
  };
}

/** The payment's order reference: the session's, else the one the start sent (already of a table's shape, §5). */
function resolveReference(shop: CatalogShop, cart: CartRecord, given: string | null): string | null {
  if (cart.orderReference) return cart.orderReference;
  if (!shop.fixture.shop.requireReference) return given;
  if (!given) throw badRequest('REFERENCE_REQUIRED');
  const known = matchReference(shop, given);
  if (!known) throw notFound('REFERENCE_NOT_FOUND');
  return known;
}

/** The startPayment answer for a stored payment (also for the idempotent repeat). */
function startResponse(ctx: DemoContext, shop: CatalogShop, payment: PaymentRecord): StartPaymentResponse {
  switch (payment.methodType) {
    case 'SWISH_TRADE':
      return payment.token
        ? { paymentId: payment.paymentId, token: payment.token }
        : { paymentId: payment.paymentId };
    case 'VIVA_WALLET_WEB':
      return { paymentId: payment.paymentId };
    case 'STRIPE': {
      const intent = payment.intentId ? readIntent(ctx.db, shop.companyId, payment.intentId) : undefined;
      return {
        paymentId: payment.paymentId,
        paymentIntentId: intent?.intentId ?? null,
        clientSecret: intent?.clientSecret ?? null,
      };
    }
  }
}

/** The message of a payment the server cancelled because its reservation ran out. */
const EXPIRED_MESSAGE = 'EXPIRED';

/**
 * Ends a STARTED payment with a failed outcome and moves its intent along, inside the caller's transaction.
 * False when it was no longer STARTED. Leaving STARTED is what releases the payment's reservation.
 */
function endPending(
  ctx: DemoContext,
  payment: PaymentRecord,
  status: Exclude<StoredPaymentStatus, 'STARTED' | 'COMPLETED'>,
  message: string | null,
  now: number,
): boolean {
  if (!finishPayment(ctx.db, payment.paymentId, status, { message }, now)) return false;
  const shop = ctx.catalog.shop(payment.shopId);
  if (shop && payment.intentId) {
    updateIntent(
      ctx.db,
      { companyId: shop.companyId, intentId: payment.intentId },
      status === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
      message,
      now,
    );
  }
  return true;
}

/** Cancels a STARTED payment (and its intent) inside the caller's transaction. */
function cancelStarted(ctx: DemoContext, payment: PaymentRecord, now: number): void {
  endPending(ctx, payment, 'CANCELLED', null, now);
}

/** True when the payment's reservation has run out at `at` (it started `reservationMs` ago or more). */
function isOverdue(ctx: DemoContext, payment: PaymentRecord, at: number): boolean {
  return at >= payment.createdAt + ctx.delays.reservationMs;
}

/**
 * POST startPayment. Checks, in order: the order reference's shape (§5), shop open, the page's cart
 * fingerprint when given (409 CART_CHANGED), cart not empty, method of this shop (then the idempotent
 * repeat), extras groups, order reference, customer info (shared domain rule), Swish phone (not for
 * kiosks), stock left after other payments' reservations.
 */
export function startPayment(
  ctx: DemoContext,
  sid: string,
  shopId: string,
  body: StartPaymentRequest,
): StartPaymentResponse {
  // §5 a malformed order reference is refused before anything is read or changed.
  const given = shapedReference(body.orderReference, 'orderReference');
  return ctx.db.transaction(() => {
    const now = ctx.clock();
    const shop = requireShop(ctx, shopId);
    if (!shop.fixture.shop.isOpen || !shop.fixture.shop.active) throw badRequest('SHOP_CLOSED');
    const cart = readCart(ctx.db, sid, shopId) ?? emptyCart(sid, shopId);
    const tab = cart.tabId ? readTab(ctx.db, shopId, cart.tabId) : undefined;
    // Before anything else, and above all before the idempotent repeat below: a stale tab whose cart differs
    // from the one held here (another tab added items) must not be handed that tab's bigger pending
    // payment, nor start one for a cart its customer has not seen. Nothing is changed or cancelled.
    if (body.cartFingerprint !== undefined && body.cartFingerprint !== serverCartFingerprint(shop, cart, tab))
      throw conflict('CART_CHANGED');
    if (cart.cart.length === 0 && (!tab || chosenTabItems(cart).length === 0)) throw badRequest('EMPTY_CART');
    const method = shop.methods.get(body.paymentMethodId);
    if (!method) throw badRequest('PAYMENT_METHOD_NOT_FOUND');

    const current = cart.paymentId ? readPayment(ctx.db, cart.paymentId) : undefined;
    if (current?.status === 'STARTED') {
      // Same method: the customer pressed start again (or reloaded) — hand back the same payment.
      if (current.methodId === method.id) return startResponse(ctx, shop, current);
      // Another method: the first is abandoned (releasing its reservation before the stock check below);
      // never leave two payments pending for one cart.
      cancelStarted(ctx, current, now);
    }

    const badExtras = cart.cart
      .map((item) => {
        const product = shop.products.get(item.productId);
        const groups = (product?.availableDeviations?.deviationGroupes ?? []).flatMap((id) => {
          const group = shop.groups.get(id);
          return group ? [group] : [];
        });
        return { id: item.id, groups: invalidGroups(groups, item.deviations) };
      })
      .filter((entry) => entry.groups.length > 0);
    if (badExtras.length > 0) throw badRequest('INVALID_EXTRAS', JSON.stringify(badExtras));

    const orderReference = resolveReference(shop, cart, given);
    const customer = normalizedCustomer(body.customerInfo);
    const config = shop.fixture.shop.customerInputs;
    if (!isCustomerInfoValid(customer, config)) {
      throw badRequest(
        'INVALID_CUSTOMER_INFO',
        JSON.stringify(Object.keys(validateCustomerInfo(customer, config))),
      );
    }
    // A kiosk shows the Swish token as a QR code for the customer's own phone, so it needs no number.
    const kiosk = body.kiosk === true;
    if (method.type === 'SWISH_TRADE' && !customer.isMobile && !kiosk && customer.phone.trim() === '')
      throw badRequest('PHONE_REQUIRED');
    const short = stockShortages(ctx, shop, cart);
    if (short.length > 0) throw new DemoApiError(400, 'OUT_OF_STOCK', 'OUT_OF_STOCK', JSON.stringify(short));
    // Priced first: a line paid meanwhile is no longer on the tab at all (TAB_ITEM_UNAVAILABLE).
    const lines = priceOrder(shop, cart, tab);
    const held = tabLinesHeldByOthers(ctx, cart, tab);
    if (held.length > 0) throw conflict('TAB_ITEM_BEING_PAID', JSON.stringify(held));
    const amount = orderAmount(lines);
    const payment: PaymentRecord = {
      paymentId: method.type === 'VIVA_WALLET_WEB' ? uniqueOrderCode(ctx) : newSwishPaymentId(),
      shopId,
      sid,
      methodId: method.id,
      methodType: method.type,
      status: 'STARTED',
      message: null,
      amount,
      currency: shop.currency,
      lines,
      customer,
      orderReference,
      token: null,
      intentId: null,
      transactionId: null,
      receiptId: null,
      forcedOutcome: null,
      dueAt: null,
      createdAt: now,
      updatedAt: now,
    };
    if (method.type === 'SWISH_TRADE') {
      const forced = swishForcedOutcome(customer.extraInfo);
      payment.forcedOutcome = forced?.code ?? null;
      payment.dueAt = forced || ctx.delays.autoComplete ? now + ctx.delays.swishMs : null;
      if (customer.isMobile || kiosk) payment.token = newSwishPaymentId().toLowerCase();
    }
    if (method.type === 'STRIPE') {
      const { intentId, clientSecret } = newPaymentIntent();
      payment.intentId = intentId;
      insertIntent(
        ctx.db,
        {
          intentId,
          companyId: shop.companyId,
          clientSecret,
          stripeAccountId: method.stripeAccountId ?? `acct_demo_${shopId}`,
          amount,
          currency: shop.currency,
          status: 'PENDING',
          errorMessage: null,
          paymentId: payment.paymentId,
        },
        now,
      );
    }
    insertPayment(ctx.db, payment);
    writeCart(ctx.db, { ...cart, paymentId: payment.paymentId }, now);
    return startResponse(ctx, shop, payment);
  });
}

function uniqueOrderCode(ctx: DemoContext): string {
  for (;;) {
    const code = newVivaOrderCode();
    if (!readPayment(ctx.db, code)) return code;
  }
}

function uniqueReceiptId(ctx: DemoContext): string {
  for (;;) {
    const id = newReceiptId();
    if (!receiptExists(ctx.db, id)) return id;
  }
}

/** POST cancelPayment: 404 without a cart in this shop, 409 NO_PENDING_PAYMENT when nothing is pending. */
export function cancelSessionPayment(ctx: DemoContext, sid: string, shopId: string): void {
  ctx.db.transaction(() => {
    const now = ctx.clock();
    requireShop(ctx, shopId);
    const cart = readCart(ctx.db, sid, shopId);
    if (!cart) throw notFound('CART_NOT_FOUND');
    const payment = cart.paymentId ? readPayment(ctx.db, cart.paymentId) : undefined;
    if (!payment || payment.status !== 'STARTED') throw conflict('NO_PENDING_PAYMENT');
    cancelStarted(ctx, payment, now);
    writeCart(ctx.db, { ...cart, paymentId: null }, now);
  });
}

/**
 * Settles the session's payment before a cart change (inside the caller's transaction): a pending payment
 * is cancelled (the customer would otherwise pay for a cart they no longer see) and any finished one is
 * forgotten, so the session is NOT_STARTED again.
 */
export function releasePaymentForCartChange(ctx: DemoContext, cart: CartRecord, now: number): CartRecord {
  if (!cart.paymentId) return cart;
  const payment = readPayment(ctx.db, cart.paymentId);
  if (payment?.status === 'STARTED') cancelStarted(ctx, payment, now);
  return { ...cart, paymentId: null };
}

/**
 * Completes a payment: receipt, stock, tab, cart and intent in one transaction. Completing a COMPLETED
 * payment again is a no-op that answers the same payment (providers retry their callbacks). A payment whose
 * reservation ran out by `decidedAt` (when the provider's answer came; default now) is expired instead and
 * answers 409 PAYMENT_EXPIRED: nothing is sold after a reservation ended.
 */
export function completePayment(
  ctx: DemoContext,
  paymentId: string,
  transactionId: string | null = null,
  decidedAt?: number,
): PaymentRecord {
  const result = ctx.db.transaction((): PaymentRecord | 'EXPIRED' => {
    const payment = readPayment(ctx.db, paymentId);
    if (!payment) throw notFound('PAYMENT_NOT_FOUND');
    if (payment.status === 'COMPLETED') return payment;
    if (payment.status !== 'STARTED') throw conflict('PAYMENT_NOT_PENDING');
    const shop = requireShop(ctx, payment.shopId);
    const now = ctx.clock();
    if (isOverdue(ctx, payment, decidedAt ?? now)) {
      endPending(ctx, payment, 'CANCELLED', EXPIRED_MESSAGE, now);
      return 'EXPIRED';
    }
    const receiptId = uniqueReceiptId(ctx);
    const receipt = buildReceipt(shop, payment, { id: newUuid(), receiptId }, now);
    finishPayment(ctx.db, paymentId, 'COMPLETED', { receiptId, transactionId }, now);

    const sold = new Map<string, number>();
    for (const line of payment.lines) {
      if (line.source === 'cart' && line.limitStock)
        sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.count);
    }
    // The reservation becomes a sale. Invariant: a start reserves only stock that is neither sold nor
    // reserved, and this payment was STARTED until the update above, so its units are still in stock and
    // the guard in sellStock always holds. It is checked rather than clamped (the old MAX(0, count - ?) hid
    // oversells): should stock ever be short (e.g. lowered by hand), the whole completion fails, the
    // payment stays pending, and nothing is sold that is not there.
    for (const [productId, units] of sold) {
      if (!sellStock(ctx.db, payment.shopId, productId, units)) {
        const left = stockCounts(ctx.db, payment.shopId).get(productId) ?? 0;
        throw conflict('OUT_OF_STOCK', JSON.stringify([{ id: productId, stock: left }]));
      }
    }

    const tabIds = new Set(payment.lines.flatMap((line) => (line.tabId ? [line.tabId] : [])));
    for (const tabId of tabIds) {
      const tab = readTab(ctx.db, payment.shopId, tabId);
      if (!tab) continue;
      for (const line of payment.lines) {
        const entry = line.tabId === tabId ? tab.entries.find((e) => e.id === line.lineId) : undefined;
        if (entry) entry.count = Math.max(0, entry.count - line.count);
      }
      writeTabEntries(ctx.db, tab);
    }

    insertReceipt(
      ctx.db,
      { receiptId, shopId: payment.shopId, companyId: shop.companyId, paymentId, receipt },
      now,
    );
    clearPaidCart(ctx.db, payment.sid, payment.shopId, paymentId, now);
    if (payment.intentId)
      updateIntent(ctx.db, { companyId: shop.companyId, intentId: payment.intentId }, 'COMPLETED', null, now);
    const done = readPayment(ctx.db, paymentId);
    if (!done) throw new Error('payment vanished inside its transaction');
    return done;
  });
  // Thrown after the transaction, so the expiry above is kept.
  if (result === 'EXPIRED') throw conflict('PAYMENT_EXPIRED');
  return result;
}

/**
 * Ends a pending payment with a failed outcome (FAILED, ERROR or CANCELLED) and its message, releasing its
 * reservation. Like completion, a payment overdue at `decidedAt` is expired instead (409 PAYMENT_EXPIRED).
 */
export function failPayment(
  ctx: DemoContext,
  paymentId: string,
  status: Exclude<StoredPaymentStatus, 'STARTED' | 'COMPLETED'>,
  message: string | null,
  decidedAt?: number,
): PaymentRecord {
  const result = ctx.db.transaction((): PaymentRecord | 'EXPIRED' => {
    const now = ctx.clock();
    const payment = readPayment(ctx.db, paymentId);
    if (!payment) throw notFound('PAYMENT_NOT_FOUND');
    if (payment.status !== 'STARTED') throw conflict('PAYMENT_NOT_PENDING');
    const overdue = isOverdue(ctx, payment, decidedAt ?? now);
    endPending(ctx, payment, overdue ? 'CANCELLED' : status, overdue ? EXPIRED_MESSAGE : message, now);
    if (overdue) return 'EXPIRED';
    const done = readPayment(ctx.db, paymentId);
    if (!done) throw new Error('payment vanished inside its transaction');
    return done;
  });
  if (result === 'EXPIRED') throw conflict('PAYMENT_EXPIRED');
  return result;
}

/**
 * Cancels a payment whose reservation ran out (status CANCELLED, message EXPIRED, its intent cancelled),
 * which releases its stock. The session keeps pointing at it, so the next poll shows the cancellation.
 * Does nothing to a payment that is no longer pending or not yet overdue.
 */
function expirePayment(ctx: DemoContext, paymentId: string): void {
  ctx.db.transaction(() => {
    const now = ctx.clock();
    const payment = readPayment(ctx.db, paymentId);
    if (payment?.status === 'STARTED' && isOverdue(ctx, payment, now))
      endPending(ctx, payment, 'CANCELLED', EXPIRED_MESSAGE, now);
  });
}

/**
 * What the simulator page's buttons and the control API can do to a pending payment. `expire` ends it as its
 * reservation running out would (CANCELLED, message EXPIRED), so QA and tests need not wait RESERVATION_MS.
 */
export type SimulatedOutcome = 'approve' | 'decline' | 'cancel' | 'error' | 'expire';

/** The message each provider reports for a failed outcome (Swish uses its MSS error codes). */
const OUTCOME_MESSAGES: Record<
  PaymentMethodType,
  Record<Exclude<SimulatedOutcome, 'approve' | 'expire'>, string>
> = {
  SWISH_TRADE: { decline: 'RF07', error: 'TM01', cancel: 'BANKIDCL' },
  VIVA_WALLET_WEB: { decline: 'DECLINED', error: 'ERROR', cancel: 'CANCELLED' },
  STRIPE: { decline: 'card_declined', error: 'processing_error', cancel: 'CANCELLED' },
};

/** Applies a simulator outcome; only a STARTED payment can take one (409 PAYMENT_NOT_PENDING otherwise). */
export function applyOutcome(ctx: DemoContext, paymentId: string, outcome: SimulatedOutcome): PaymentRecord {
  const payment = readPayment(ctx.db, paymentId);
  if (!payment) throw notFound('PAYMENT_NOT_FOUND');
  if (payment.status !== 'STARTED') throw conflict('PAYMENT_NOT_PENDING');
  if (outcome === 'approve') return completePayment(ctx, paymentId, newUuid());
  if (outcome === 'expire') return failPayment(ctx, paymentId, 'CANCELLED', EXPIRED_MESSAGE);
  const status = outcome === 'decline' ? 'FAILED' : outcome === 'cancel' ? 'CANCELLED' : 'ERROR';
  return failPayment(ctx, paymentId, status, OUTCOME_MESSAGES[payment.methodType][outcome]);
}

/**
 * Applies every simulated outcome that is due (Swish delays) and expires every payment whose reservation
 * ran out, in the order they happened: a Swish answer due before the reservation's end still counts, one
 * due after it comes too late. Runs lazily before each request with the injected clock, and on a light
 * timer in `npm start`. A payment that changed state in between is skipped.
 */
export function settleDuePayments(ctx: DemoContext): void {
  const now = ctx.clock();
  const { reservationMs } = ctx.delays;
  for (const due of listDuePayments(ctx.db, now, reservationMs)) {
    try {
      if (due.dueAt !== null && due.dueAt <= now && due.dueAt < due.createdAt + reservationMs) {
        const forced = due.forcedOutcome ? outcomeForCode(due.forcedOutcome) : null;
        if (forced) failPayment(ctx, due.paymentId, forced.status, forced.message, due.dueAt);
        else completePayment(ctx, due.paymentId, newUuid(), due.dueAt);
      } else {
        expirePayment(ctx, due.paymentId);
      }
    } catch (error) {
      if (!(error instanceof DemoApiError)) throw error;
    }
  }
}
