import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Bookkeeper } from '../../contract';
import type { CallbackOutcome } from './integrationCallback';

/** §4 "Bookkeeping link": the start page fetches the provider's URL and leaves for it. */
type StartStatus = 'idle' | 'loading' | 'redirecting' | 'failed';

/** §4 "Bookkeeping link" on the callback pages: connecting, then how it ended, per provider. */
type CallbackStatus = 'idle' | 'connecting' | 'openingApp' | 'missingParams' | CallbackOutcome;

export interface IntegrationState {
  start: { status: StartStatus };
  callback: {
    /**
     * The callback addresses (pathname + search) this outcome answers: the one opened, and the one without
     * the code it was replaced with. An OAuth code is redeemed once per address.
     */
    keys: string[];
    status: CallbackStatus;
    bookkeeper: Bookkeeper | null;
    /** The start page to begin again from (a link that did not end linked), when the tab kept it. */
    restartPath: string | null;
    /** The custom-scheme link the page sent the browser to. */
    appUrl: string | null;
  };
}

const initialState: IntegrationState = {
  start: { status: 'idle' },
  callback: { keys: [], status: 'idle', bookkeeper: null, restartPath: null, appUrl: null },
};

const integrationSlice = createSlice({
  name: 'integration',
  initialState,
  reducers: {
    startRequested(
      state,
      _action: PayloadAction<{
        bookkeeper: Bookkeeper;
        companyId: string;
        authCode: string;
        /** The start page's own address, to come back to from the callback ("start again"). */
        startPath: string;
      }>,
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
        keys: [action.payload.pathname + action.payload.search],
        status: 'connecting',
        bookkeeper: null,
        restartPath: null,
        appUrl: null,
      };
    },
    callbackConnecting(state, action: PayloadAction<{ bookkeeper: Bookkeeper }>) {
      state.callback.status = 'connecting';
      state.callback.bookkeeper = action.payload.bookkeeper;
    },
    /** How the link ended; `cleanKey` is the address the page is replaced with (the code taken out). */
    callbackSettled(
      state,
      action: PayloadAction<{
        bookkeeper: Bookkeeper;
        outcome: CallbackOutcome;
        restartPath: string | null;
        cleanKey: string;
      }>,
    ) {
      const { bookkeeper, outcome, restartPath, cleanKey } = action.payload;
      state.callback.status = outcome;
      state.callback.bookkeeper = bookkeeper;
      state.callback.restartPath = restartPath;
      if (!state.callback.keys.includes(cleanKey)) state.callback.keys.push(cleanKey);
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
