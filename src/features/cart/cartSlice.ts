import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addItem, replaceItem, setItemCount } from '../../domain/cart';
import type { CartItem, ErrorInfo } from '../../domain/types';
import {
  cartItemAdded,
  customerLeft,
  paymentCompleted,
  sessionLoaded,
  sessionLoadRequested,
  tabItemCountChanged,
  wholeTabChosen,
} from '../../shared/events';

export const cartAdapter = createEntityAdapter<CartItem>();

interface CartState extends ReturnType<typeof cartAdapter.getInitialState> {
  /** The shop whose remote cart has been taken in; later session answers never overwrite local edits. */
  restoredFor: string | null;
  /** Whether the server holds the cart as shown: a payment starts only from a synced cart. */
  sync: 'synced' | 'pending' | 'failed';
  /** Counts local changes, so an answer to an older PUT cannot mark a newer cart as synced. */
  revision: number;
  /** Why the last save failed (its code picks the text shown while `sync` is 'failed'). */
  syncError: ErrorInfo | null;
}

const initialState: CartState = cartAdapter.getInitialState({
  restoredFor: null,
  sync: 'synced' as const,
  revision: 0,
  syncError: null,
});

/** A local change: the server's copy is now behind. */
const changed = (state: CartState) => {
  state.sync = 'pending';
  state.revision += 1;
};

type NewCartItem = Omit<CartItem, 'id'>;

const itemsOf = (state: CartState): CartItem[] =>
  state.ids.map((id) => state.entities[id]).filter((item): item is CartItem => item !== undefined);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** §5 quantity 0 or less removes the item. */
    itemCountChanged(state, action: PayloadAction<{ id: string; count: number }>) {
      cartAdapter.setAll(state, setItemCount(itemsOf(state), action.payload.id, action.payload.count));
      changed(state);
    },
    /** Update from the popup: the edited item may now match another one and merge with it. */
    itemUpdated(state, action: PayloadAction<{ id: string; item: NewCartItem }>) {
      cartAdapter.setAll(state, replaceItem(itemsOf(state), action.payload.id, action.payload.item));
      changed(state);
    },
    /** The server got the cart of `revision`; it is synced unless the customer changed it since. */
    synced(state, action: PayloadAction<{ revision: number }>) {
      if (action.payload.revision === state.revision) state.sync = 'synced';
    },
    /**
     * Edits that never reached the server before the page was reloaded (kept in the tab's storage): they
     * win over the server's older copy and are sent again.
     */
    unsavedRestored(state, action: PayloadAction<CartItem[]>) {
      cartAdapter.setAll(state, action.payload);
      changed(state);
    },
    /** Sending the cart failed; it is kept here and sent again with the next change or retry. */
    syncFailed(state, action: PayloadAction<ErrorInfo>) {
      state.sync = 'failed';
      state.syncError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // §5 matching items (same product, extras and note) merge by adding counts.
      .addCase(cartItemAdded, (state, action) => {
        cartAdapter.setAll(state, addItem(itemsOf(state), action.payload));
        changed(state);
      })
      .addCase(tabItemCountChanged, changed)
      .addCase(wholeTabChosen, changed)
      // A completed payment has paid everything in the cart (the server cleared its copy too).
      .addCase(paymentCompleted, (state) => {
        cartAdapter.removeAll(state);
        state.sync = 'synced';
      })
      // A kiosk's customer has gone: their cart is emptied here and, as any change, on the server.
      .addCase(customerLeft, (state) => {
        cartAdapter.removeAll(state);
        changed(state);
      })
      .addCase(sessionLoadRequested, (state, action) => {
        if (state.restoredFor !== null && state.restoredFor !== action.payload.shopId) return initialState;
      })
      .addCase(sessionLoaded, (state, action) => {
        // The first answer of a shop brings the remote cart. Later answers bring it only when the saga
        // checked that no local edit is unsent or was made meanwhile (another tab saved it): a late answer
        // must never bring back a line the customer has removed since (latest local edit wins).
        if (state.restoredFor === action.payload.shopId) {
          if (action.payload.adoptCart && state.sync === 'synced')
            cartAdapter.setAll(state, action.payload.session.cart);
          return;
        }
        // What the customer added before the first answer (the store shows before it: the host may have
        // rendered it) joins the remote cart, merged as §5 merges, and is saved.
        const early = itemsOf(state);
        state.restoredFor = action.payload.shopId;
        cartAdapter.setAll(state, early.reduce(addItem, action.payload.session.cart));
        if (early.length > 0) changed(state);
      });
  },
});

/** The cart's actions, its shared event among them (src/shared/events.ts). */
export const cartActions = { ...cartSlice.actions, itemAdded: cartItemAdded };
export const cartReducer = cartSlice.reducer;
