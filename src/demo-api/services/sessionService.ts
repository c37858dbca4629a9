/**
 * Sessions: the anonymous visitor's cart, tab selection and order reference per shop, and the session answer
 * the SPA polls every second while a payment is pending.
 */
import type {
  PutCartRequest,
  SessionResponse,
  WireActiveTab,
  WireCartItem,
  WireTabSelection,
} from '../../contract';
import { orderReferenceOf } from '../../domain/addressText';
import { badRequest, notFound } from '../http/apiErrors';
import type { DemoContext } from '../demoContext';
import {
  emptyCart,
  heldTabCounts,
  isTabOpen,
  readCart,
  readPayment,
  readTab,
  writeCart,
  type CartRecord,
  type TabRecord,
} from '../store/demoRepository';
import { releasePaymentForCartChange, requireShop } from './paymentService';
import { deviationPrice, matchReference, shapedReference, type CatalogShop } from './shopCatalog';

/** The open tab in wire shape: only entries with something left to pay, priced from the fixtures. */
function wireTab(ctx: DemoContext, shop: CatalogShop, tab: TabRecord, sid: string): WireActiveTab {
  // Other guests' pending payments hold their lines (§3); this session's own is not "someone else".
  const held = heldTabCounts(ctx.db, shop.shopId, tab.tabId, sid);
  return {
    id: tab.tabId,
    customerReference: tab.customerReference,
    cart: tab.entries
      .filter((entry) => entry.count > 0)
      .flatMap((entry) => {
        const product = shop.products.get(entry.productId);
        if (!product) return [];
        const deviations = entry.deviationIds.map((id) => {
          const deviation = shop.deviations.get(id);
          return { id, name: deviation?.name ?? id, price: deviation?.price ?? null };
        });
        const unit =
          product.price.amount +
          entry.deviationIds.reduce((sum, id) => sum + deviationPrice(shop.deviations.get(id)), 0);
        return [
          {
            id: entry.id,
            count: entry.count,
            price: { amount: unit, currency: shop.currency },
            product: { id: product.id, title: product.title, price: product.price },
            deviations,
            description: entry.description,
            beingPaid: Math.min(entry.count, held.get(entry.id) ?? 0),
          },
        ];
      }),
  };
}

/** The session answer for a cart record (stored or empty). */
function sessionResponse(ctx: DemoContext, shop: CatalogShop, cart: CartRecord): SessionResponse {
  const payment = cart.paymentId ? readPayment(ctx.db, cart.paymentId) : undefined;
  const tab = cart.tabId ? readTab(ctx.db, shop.shopId, cart.tabId) : undefined;
  const activeTab = tab && isTabOpen(tab) ? wireTab(ctx, shop, tab, cart.sid) : null;
  const failed =
    payment && (payment.status === 'FAILED' || payment.status === 'ERROR' || payment.status === 'CANCELLED');
  return {
    cart: cart.cart,
    tabItems: activeTab ? cart.tabItems : [],
    activeTab,
    paymentStatus: payment ? payment.status : 'NOT_STARTED',
    paymentId: payment?.paymentId ?? null,
    paymentIntentId: payment?.intentId ?? null,
    receiptId: payment?.status === 'COMPLETED' ? payment.receiptId : null,
    paymentMethodId: payment?.methodId ?? null,
    message: failed ? payment.message : null,
    orderReference: cart.orderReference,
  };
}

/**
 * GET cart. `table` sets the order reference (a shop that requires one accepts only its known tables, any
 * other shop one of a table's shape, §5) and `tabId` attaches an open tab of this shop. Only those two
 * write. The newest table wins: one the shop does not take (unknown, or no table's shape) clears the
 * reference kept from an earlier one, so the answer names none and the SPA asks for the table again (§2, §5)
 * rather than take orders for the wrong one; its text is never stored.
 */
export function loadSession(
  ctx: DemoContext,
  sid: string,
  shopId: string,
  query: { table?: string; tabId?: string },
): SessionResponse {
  const shop = requireShop(ctx, shopId);
  const stored = readCart(ctx.db, sid, shopId);
  let cart = stored ?? emptyCart(sid, shopId);
  let changed = false;
  const table = query.table?.trim();
  if (table) {
    // §5 only a table of a table's shape is taken (a sentence never is): the newest one without clears.
    const shaped = orderReferenceOf(table);
    const reference = shaped && shop.fixture.shop.requireReference ? matchReference(shop, shaped) : shaped;
    if (reference !== cart.orderReference) {
      cart = { ...cart, orderReference: reference };
      changed = true;
    }
  }
  if (query.tabId && query.tabId !== cart.tabId) {
    const tab = readTab(ctx.db, shopId, query.tabId);
    if (tab && isTabOpen(tab)) {
      cart = { ...cart, tabId: tab.tabId, tabItems: [] };
      changed = true;
    }
  }
  if (changed) ctx.db.transaction(() => writeCart(ctx.db, cart, ctx.clock()));
  return sessionResponse(ctx, shop, cart);
}

function sameContent(a: CartRecord, cart: WireCartItem[], tabItems: WireTabSelection[]): boolean {
  const norm = (items: WireCartItem[]) =>
    JSON.stringify(items.map((i) => [i.id, i.productId, i.count, i.deviations, i.description ?? '']));
  const normTab = (items: WireTabSelection[]) =>
    JSON.stringify(items.filter((i) => i.count > 0).map((i) => [i.id, i.count]));
  return norm(a.cart) === norm(cart) && normTab(a.tabItems) === normTab(tabItems);
}

/**
 * PUT cart: validates every id against the shop (products, their extras, the session's tab and its remaining
 * counts) and replaces the cart. A real change cancels a pending payment; any PUT after a finished payment
 * (the SPA sends one after showing the receipt) puts the session back to NOT_STARTED.
 */
export function replaceCart(
  ctx: DemoContext,
  sid: string,
  shopId: string,
  body: PutCartRequest,
): SessionResponse {
  return ctx.db.transaction(() => {
    const now = ctx.clock();
    const shop = requireShop(ctx, shopId);
    for (const item of body.cart) {
      const product = shop.products.get(item.productId);
      if (!product) throw badRequest('PRODUCT_NOT_FOUND', item.productId.slice(0, 64));
      const allowed = shop.allowedDeviations.get(product.id);
      for (const deviationId of item.deviations) {
        if (!allowed?.has(deviationId)) throw badRequest('DEVIATION_NOT_ALLOWED', deviationId.slice(0, 64));
      }
    }
    const stored = readCart(ctx.db, sid, shopId) ?? emptyCart(sid, shopId);
    const chosen = body.tabItems.filter((item) => item.count > 0);
    if (chosen.length > 0) {
      const tab = stored.tabId ? readTab(ctx.db, shopId, stored.tabId) : undefined;
      if (!tab) throw badRequest('TAB_NOT_FOUND');
      const seen = new Set<string>();
      for (const item of chosen) {
        const entry = tab.entries.find((e) => e.id === item.id);
        if (!entry || seen.has(item.id)) throw badRequest('TAB_ITEM_NOT_FOUND', item.id.slice(0, 64));
        if (item.count > entry.count)
          throw badRequest('TAB_ITEM_COUNT_EXCEEDED', JSON.stringify({ id: entry.id, count: entry.count }));
        seen.add(item.id);
      }
    }
    const pending = stored.paymentId ? readPayment(ctx.db, stored.paymentId) : undefined;
    const keepPending = pending?.status === 'STARTED' && sameContent(stored, body.cart, chosen);
    const base = keepPending ? stored : releasePaymentForCartChange(ctx, stored, now);
    const next: CartRecord = {
      ...base,
      cart: body.cart.map((item) => ({
        id: item.id,
        productId: item.productId,
        count: item.count,
        deviations: item.deviations,
        description: item.description ?? null,
      })),
      tabItems: chosen,
    };
    writeCart(ctx.db, next, now);
    return sessionResponse(ctx, shop, next);
  });
}

/**
 * POST reference: a known table (shops that require one) or any of a table's shape (others, §5). Blank is
 * EMPTY_REFERENCE; anything else without a table's shape a malformed request (VALIDATION_ERROR).
 */
export function setReference(ctx: DemoContext, sid: string, shopId: string, reference: string): void {
  ctx.db.transaction(() => {
    const shop = requireShop(ctx, shopId);
    const typed = shapedReference(reference, 'reference');
    if (!typed) throw badRequest('EMPTY_REFERENCE');
    const value = shop.fixture.shop.requireReference ? matchReference(shop, typed) : typed;
    if (!value) throw notFound('REFERENCE_NOT_FOUND');
    const cart = readCart(ctx.db, sid, shopId) ?? emptyCart(sid, shopId);
    writeCart(ctx.db, { ...cart, orderReference: value }, ctx.clock());
  });
}
