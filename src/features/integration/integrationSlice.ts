import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Bookkeeper } from '../../contract';

/** §4 "Bookkeeping link": the start page fetches the provider's URL and leaves for it. */
type StartStatus = 'idle' | 'loading' | 'redirecting' | 'failed';

/** §4 "Bookkeeping link" on the callback pages: connecting, then success or failure per provider. */
type CallbackStatus = 'idle' | 'connecting' | 'succeeded' | 'failed' | 'openingApp' | 'missingParams';

export interface IntegrationState {
  start: { status: StartStatus };
  callback: {
    /** pathname + search of the callback being handled: an OAuth code is redeemed once per URL. */
    key: string | null;
    status: CallbackStatus;
    bookkeeper: Bookkeeper | null;
    /** The server's error name of a failed integration (§8 ': {error name}'). */
    errorName: string | null;
    /** The custom-scheme link the page sent the browser to. */
    appUrl: string | null;
  };
}

const initialState: IntegrationState = {
  start: { status: 'idle' },
  callback: { key: null, status: 'idle', bookkeeper: null, errorName: null, appUrl: null },
};

const integrationSlice = createSlice({
  name: 'integration',
  initialState,
  reducers: {
    startRequested(
      state,
      _action: PayloadAction<{ bookkeeper: Bookkeeper; companyId: string; authCode: string }>,
    ) {
      if (state.start.status === 'loading') return;
      state.start.status = 'loading';
    },
    startRedirected(state) {
      state.start.status = 'redirecting';
    },
    startFailed(state) {
      state.start.status = 'failed';
    },
    /** The start page was left, or shown again from the back/forward cache. */
    startReset(state) {
      state.start.status = 'idle';
    },
    callbackOpened(state, action: PayloadAction<{ pathname: string; search: string }>) {
      state.callback = {
        key: action.payload.pathname + action.payload.search,
        status: 'connecting',
        bookkeeper: null,
        errorName: null,
        appUrl: null,
      };
    },
    callbackConnecting(state, action: PayloadAction<{ bookkeeper: Bookkeeper }>) {
      state.callback.status = 'connecting';
      state.callback.bookkeeper = action.payload.bookkeeper;
    },
    callbackSucceeded(state) {
      state.callback.status = 'succeeded';
    },
    callbackFailed(state, action: PayloadAction<{ errorName: string | null }>) {
      state.callback.status = 'failed';
      state.callback.errorName = action.payload.errorName;
    },
    callbackMissingParams(state) {
      state.callback.status = 'missingParams';
    },
    appOpened(state, action: PayloadAction<{ url: string }>) {
      state.callback.status = 'openingApp';
      state.callback.appUrl = action.payload.url;
    },
  },
});

export const integrationActions = integrationSlice.actions;
export const integrationReducer = integrationSlice.reducer;

/** The slice arrives with its screens (app/store.ts `ScreenState`): its initial state until then. */
type WithIntegration = { integration?: IntegrationState };
const selectIntegration = (state: WithIntegration) => state.integration ?? initialState;
export const selectStartStatus = (state: WithIntegration) => selectIntegration(state).start.status;
export const selectCallback = (state: WithIntegration) => selectIntegration(state).callback;
