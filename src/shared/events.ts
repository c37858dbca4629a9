import { createAction } from '@reduxjs/toolkit';
import { orderReferenceOf } from '../domain/addressText';
import { newCartItemId } from '../domain/cart';
import type { CartItem, Session } from '../domain/types';

/**
 * The shared events: the facts that the slices of more than one feature answer, each declared once here
 * with its payload, below every feature, so a slice imports nothing of another feature (one fact, many
 * slices: the Redux Style Guide's "model actions as events"). Their types keep the name of the feature
 * whose fact they are (`payment/completed`), and that feature's actions object offers them too
 * (`paymentActions.completed`). Also here: the page's own signals, which no feature puts and the sagas of
 * several take. An action only its own feature's slice answers stays in that feature; a saga of a feature
 * higher up takes it through that feature's index.ts. docs/architecture.md, "Features", says more.
 */

/** The query parameters the session is loaded with (§2): `table` is the order reference. */
interface SessionQueryParams {
  table?: string;
  tabId?: string;
}

/**
 * §2 the shop's session is asked for, with the address's table and tabId (the session, cart and payment
 * slices each start afresh for another shop). A table without an order reference's shape (§5: a misprinted
 * sticker, or a sentence such as "Swisha till 070…") is never sent nor kept: it is refused as a table the
 * server does not take (`malformedTable`), its text dropped, and the session loads without it.
 */
export const sessionLoadRequested = createAction(
  'session/loadRequested',
  (shopId: string, query: SessionQueryParams = {}) => {
    const given = query.table?.trim() ?? '';
    const table = orderReferenceOf(given) ?? undefined;
    return { payload: { shopId, query: { ...query, table }, malformedTable: given !== '' && !table } };
  },
);

/**
 * A session answer (load, poll, refresh): the session slice takes the tab, the cart slice the cart, the
 * payment slice the payment's status. `adoptCart`: the page has no unsent cart edits and none were made
 * while this answer was on its way, so the server's cart and tab choices (another tab's saves) replace the
 * local ones. `table`: the address's table this answer was asked with; the server took it if the answer
 * names an order reference, and refused it if not (§5).
 */
export const sessionLoaded = createAction<{
  shopId: string;
  session: Session;
  adoptCart?: boolean;
  table?: string;
}>('session/loaded');

/** §3 `count` of a tab line is chosen for payment (0 takes it out of the cart): a change of the cart too. */
export const tabItemCountChanged = createAction<{ id: string; count: number }>('session/tabItemCountChanged');

/** §2 "pay the whole tab": every tab line is chosen with its whole count, in one step. */
export const wholeTabChosen = createAction('session/wholeTabChosen');

/** §5 a product put in the cart (it may merge with a matching line); an ended payment attempt is reset. */
export const cartItemAdded = createAction('cart/itemAdded', (item: Omit<CartItem, 'id'>) => ({
  payload: { ...item, id: newCartItemId() },
}));

/**
 * A payment completed and its receipt is being shown: the cart drops the paid lines, the session the chosen
 * tab lines, a kiosk notes the receipt its customer may see, and the payment machine starts afresh.
 */
export const paymentCompleted = createAction<{ receiptId: string }>('payment/completed');

/**
 * The kiosk's customer has gone (left idle, or pressed "Start over" / "New order"): the cart, session,
 * payment and kiosk slices each clear their part of that customer.
 */
export const customerLeft = createAction('kiosk/customerLeft');

/** The page's own events (src/shared/pageSignals.ts puts them), so sagas `take` them like any other event. */
export const pageActions = {
  becameVisible: createAction('page/becameVisible'),
  cameOnline: createAction('page/cameOnline'),
  restoredFromCache: createAction('page/restoredFromCache'),
  cartSavedElsewhere: createAction<{ shopId: string }>('page/cartSavedElsewhere'),
};
