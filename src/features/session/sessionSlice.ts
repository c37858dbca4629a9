import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { orderReferenceOf } from '../../domain/addressText';
import { tabItemMax } from '../../domain/stock';
import type { ActiveTab, ErrorInfo, TabEntry, TabSelection } from '../../domain/types';
import {
  customerLeft,
  paymentCompleted,
  sessionLoaded,
  sessionLoadRequested,
  tabItemCountChanged,
  wholeTabChosen,
} from '../../shared/events';
import type { RootState } from '../../app/hooks';

/**
 * Why a reference was not accepted (§5): keys reference.emptyInput / reference.invalid (not a table's shape) /
 * reference.notFound, or another error.
 */
type ReferenceError = 'emptyInput' | 'invalid' | 'notFound' | 'other';

interface SessionState {
  shopId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** True once the first session answer for this shop has arrived (the header waits for it, §2). */
  initialLoadDone: boolean;
  /** §2 the order reference (the table) as the server took it: from its answers and accepted saves only. */
  orderReference: string | null;
  /**
   * The address's latest table, refused by the server: shown to be corrected (§5); '' when it had no table's
   * shape, whose text is never kept nor shown.
   */
  refusedTable: string | null;
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
  refusedTable: null,
  activeTab: null,
  tabItems: [],
  reference: { status: 'idle', error: null },
};

/**
 * §5 the address's table is not one the server takes: the reference page says so, with the table to correct
 * (none when it had no table's shape).
 */
function refuseTable(state: SessionState, table: string, error: ReferenceError) {
  state.refusedTable = table;
  state.reference = { status: 'error', error };
}

/**
 * §3 chooses `count` of a tab line: at most what is free of it (its count on the tab less what another
 * guest is paying for; a choice made before that payment started may stay, never grow); 0 or less takes it
 * out of the cart.
 */
function chooseTabItem(state: SessionState, entry: TabEntry, count: number) {
  const before = state.tabItems.find((t) => t.id === entry.id)?.count ?? 0;
  const max = Math.max(tabItemMax(entry), Math.min(before, entry.count));
  const chosen = Math.max(0, Math.min(Math.floor(count) || 0, max));
  state.tabItems = state.tabItems.filter((t) => t.id !== entry.id);
  if (chosen > 0) state.tabItems.push({ id: entry.id, count: chosen });
}

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The load failed (the error is the event's; the shop layout shows only that it failed, §2). */
    loadFailed(state, action: PayloadAction<{ shopId: string; error: ErrorInfo }>) {
      if (action.payload.shopId === state.shopId) state.status = 'error';
    },
    referenceSubmitted(state, _action: PayloadAction<{ shopId: string; reference: string }>) {
      state.reference = { status: 'saving', error: null };
    },
    referenceAccepted(state, action: PayloadAction<{ reference: string }>) {
      state.reference = { status: 'idle', error: null };
      state.orderReference = action.payload.reference;
      state.refusedTable = null;
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
      // §2 the query parameters table and tabId are read when the session loads. The table becomes the order
      // reference only once the server has taken it (its answer, below): never by the address alone.
      .addCase(sessionLoadRequested, (state, action) => {
        // §4 changing the shop id loads the session anew: nothing of the previous shop's session stays.
        if (state.shopId !== action.payload.shopId)
          Object.assign(state, initialState, { shopId: action.payload.shopId });
        state.status = 'loading';
        // §5 no table has that shape: refused as a table the server does not know, its text dropped.
        if (action.payload.malformedTable) refuseTable(state, '', 'invalid');
      })
      // A session answer: the first one of a shop brings the tab (its cart and payment fields are the cart,
      // payment and kiosk slices' business).
      .addCase(sessionLoaded, (state, action) => {
        if (action.payload.shopId !== state.shopId) return;
        const { session } = action.payload;
        state.status = 'loaded';
        state.activeTab = session.activeTab;
        // §5 only a reference of a table's shape is shown, whatever a backend answers.
        const taken = orderReferenceOf(session.orderReference);
        state.orderReference = taken ?? state.orderReference;
        // §2 the answer to the address's table: taken when it names a reference, refused when not. The newest
        // table decides, so an older one the browser kept is never used in its place.
        const { table } = action.payload;
        if (table && taken) {
          state.refusedTable = null;
          state.reference = { status: 'idle', error: null };
        } else if (table) refuseTable(state, table, 'notFound');
        // Local tab choices are the truth once loaded (they are sent with PUT cart); only the first answer sets them.
        if (!state.initialLoadDone || action.payload.adoptCart) state.tabItems = session.tabItems;
        state.initialLoadDone = true;
      })
      // §3 tab item max is its tab count; 0 takes it out of the cart.
      .addCase(tabItemCountChanged, (state, action) => {
        const entry = state.activeTab?.entries.find((e) => e.id === action.payload.id);
        if (entry) chooseTabItem(state, entry, action.payload.count);
      })
      // Every tab line not yet fully chosen is chosen with all of it that no other guest is paying for.
      .addCase(wholeTabChosen, (state) => {
        for (const entry of state.activeTab?.entries ?? []) {
          const chosen = state.tabItems.find((t) => t.id === entry.id)?.count ?? 0;
          if (chosen < tabItemMax(entry)) chooseTabItem(state, entry, tabItemMax(entry));
        }
      })
      // A kiosk's customer has gone: the tab lines they chose are no longer chosen (sent with the empty cart).
      .addCase(customerLeft, noTabItems)
      // A completed payment: the tab lines chosen are paid and gone.
      .addCase(paymentCompleted, noTabItems);
  },
});

/** The session's actions, its shared events among them (src/shared/events.ts). */
export const sessionActions = {
  ...sessionSlice.actions,
  loadRequested: sessionLoadRequested,
  loaded: sessionLoaded,
  tabItemCountChanged,
  wholeTabChosen,
};
export const sessionReducer = sessionSlice.reducer;

// The session as the other features read it, one field each (they never read `state.session` itself).

/** The shop this session is for: the shop the customer is in. */
export const selectSessionShopId = (state: RootState) => state.session.shopId;
/** How the last load of the session went: 'idle', 'loading', 'loaded' or 'error'. */
export const selectSessionStatus = (state: RootState) => state.session.status;
/** The first session answer for this shop has arrived (the header and the cart's saves wait for it, §2). */
export const selectSessionLoaded = (state: RootState) => state.session.initialLoadDone;
/**
 * The order reference (the table) the server took, from the address or the reference page; none while the
 * address's newest table is refused (§5: nothing is ordered or paid against a table the server does not know).
 */
export const selectOrderReference = (state: RootState) =>
  state.session.refusedTable === null ? state.session.orderReference : null;
/** The open tab, if the customer has one. */
export const selectActiveTab = (state: RootState) => state.session.activeTab;
/** The tab lines the customer chose to pay now. */
export const selectTabSelections = (state: RootState) => state.session.tabItems;
