import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActiveTab, ErrorInfo, Session, TabEntry, TabSelection } from '../../domain/types';
import { customerLeft } from '../kiosk/kioskEvents';
import { paymentCompleted } from '../payment/paymentEvents';

interface SessionQueryParams {
  table?: string;
  tabId?: string;
}

/**
 * The longest order reference the backend takes: GET cart answers 400 for a longer `table`, which would
 * leave the shop on a connection error that Try again only repeats.
 */
const MAX_ORDER_REFERENCE_LENGTH = 32;

/** Why a reference was not accepted (§5): keys reference.emptyInput / reference.notFound, or another error. */
type ReferenceError = 'emptyInput' | 'notFound' | 'other';

export interface SessionState {
  shopId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** True once the first session answer for this shop has arrived (the header waits for it, §2). */
  initialLoadDone: boolean;
  orderReference: string | null;
  activeTab: ActiveTab | null;
  /** Tab entries the customer chose to pay now. */
  tabItems: TabSelection[];
  reference: { status: 'idle' | 'saving' | 'error'; error: ReferenceError | null };
}

const initialState: SessionState = {
  shopId: null,
  status: 'idle',
  initialLoadDone: false,
  orderReference: null,
  activeTab: null,
  tabItems: [],
  reference: { status: 'idle', error: null },
};

/** §3 chooses `count` of a tab line (at most its count on the tab; 0 or less takes it out of the cart). */
function chooseTabItem(state: SessionState, entry: TabEntry, count: number) {
  const chosen = Math.max(0, Math.min(Math.floor(count) || 0, entry.count));
  state.tabItems = state.tabItems.filter((t) => t.id !== entry.id);
  if (chosen > 0) state.tabItems.push({ id: entry.id, count: chosen });
}

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** §2 the query parameters table and tabId are read when the session loads; table is the order reference. */
    loadRequested: {
      reducer(
        state,
        action: PayloadAction<{ shopId: string; query: SessionQueryParams; tableTooLong: boolean }>,
      ) {
        // §4 changing the shop id loads the session anew: nothing of the previous shop's session stays.
        if (state.shopId !== action.payload.shopId)
          Object.assign(state, initialState, { shopId: action.payload.shopId });
        state.status = 'loading';
        const table = action.payload.query.table?.trim();
        if (table) state.orderReference = table;
        // No table can be that long: tell the customer as for a table the server does not know (§5).
        if (action.payload.tableTooLong) state.reference = { status: 'error', error: 'notFound' };
      },
      prepare(shopId: string, query: SessionQueryParams = {}) {
        // An over-long table (a misprinted QR sticker) is not sent: the session loads without it.
        const tableTooLong = (query.table?.trim().length ?? 0) > MAX_ORDER_REFERENCE_LENGTH;
        return {
          payload: { shopId, query: tableTooLong ? { ...query, table: undefined } : query, tableTooLong },
        };
      },
    },
    /** A session answer: the first one of a shop brings the cart and tab (its payment fields are the payment and kiosk slices' business). */
    /**
     * `adoptCart`: the page has no unsent cart edits and none were made while this answer was on its way,
     * so the server's cart and tab choices (another tab's saves) replace the local ones.
     */
    loaded(state, action: PayloadAction<{ shopId: string; session: Session; adoptCart?: boolean }>) {
      if (action.payload.shopId !== state.shopId) return;
      const { session } = action.payload;
      state.status = 'loaded';
      state.activeTab = session.activeTab;
      state.orderReference = session.orderReference ?? state.orderReference;
      // Local tab choices are the truth once loaded (they are sent with PUT cart); only the first answer sets them.
      if (!state.initialLoadDone || action.payload.adoptCart) state.tabItems = session.tabItems;
      state.initialLoadDone = true;
    },
    /** The load failed (the error is the event's; the shop layout shows only that it failed, §2). */
    loadFailed(state, action: PayloadAction<{ shopId: string; error: ErrorInfo }>) {
      if (action.payload.shopId === state.shopId) state.status = 'error';
    },
    /** §3 tab item max is its tab count; 0 takes it out of the cart. */
    tabItemCountChanged(state, action: PayloadAction<{ id: string; count: number }>) {
      const entry = state.activeTab?.entries.find((e) => e.id === action.payload.id);
      if (entry) chooseTabItem(state, entry, action.payload.count);
    },
    /** §2 "pay the whole tab": every tab line not yet fully chosen is chosen with its whole count, in one step. */
    wholeTabChosen(state) {
      for (const entry of state.activeTab?.entries ?? []) {
        const chosen = state.tabItems.find((t) => t.id === entry.id)?.count ?? 0;
        if (chosen < entry.count) chooseTabItem(state, entry, entry.count);
      }
    },
    referenceSubmitted(state, _action: PayloadAction<{ shopId: string; reference: string }>) {
      state.reference = { status: 'saving', error: null };
    },
    referenceAccepted(state, action: PayloadAction<{ reference: string }>) {
      state.reference = { status: 'idle', error: null };
      state.orderReference = action.payload.reference;
    },
    referenceRejected(state, action: PayloadAction<ReferenceError>) {
      state.reference = { status: 'error', error: action.payload };
    },
  },
  extraReducers: (builder) => {
    const noTabItems = (state: SessionState) => {
      state.tabItems = [];
    };
    builder
      // A kiosk's customer has gone: the tab lines they chose are no longer chosen (sent with the empty cart).
      .addCase(customerLeft, noTabItems)
      // A completed payment: the tab lines chosen are paid and gone.
      .addCase(paymentCompleted, noTabItems);
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
