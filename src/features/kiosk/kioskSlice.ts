import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '../../shared/i18n/languages';
import { sessionActions } from '../session';
import { customerLeft } from './kioskEvents';
import { DEFAULT_IDLE_MS, type KioskSetting } from './kioskMode';

/** The kiosk screens the idle rules tell apart (see kioskIdle.ts). */
export type KioskScreen = 'store' | 'receipt' | 'other';

export interface KioskState {
  enabled: boolean;
  idleMs: number;
  language: Language | null;
  screen: KioskScreen;
  /** Some input since the last customer left (an untouched, empty store page never asks). */
  touched: boolean;
  /** The "are you still there?" question is shown until this time (epoch ms). */
  promptEndsAt: number | null;
  /** The kiosk is clearing the last customer's traces (cancelling their payment first). */
  resetting: boolean;
  /** Counts customers: the pages are drawn anew for each, so nothing typed on screen stays. */
  customer: number;
  /** The receipt of the current customer's payment: the only receipt this kiosk shows. */
  receiptId: string | null;
}

export const initialKioskState = (setting: KioskSetting | null): KioskState => ({
  enabled: setting !== null,
  idleMs: setting?.idleMs ?? DEFAULT_IDLE_MS,
  language: setting?.language ?? null,
  screen: 'store',
  touched: false,
  promptEndsAt: null,
  resetting: false,
  customer: 0,
  receiptId: null,
});

const kioskSlice = createSlice({
  name: 'kiosk',
  initialState: initialKioskState(null),
  reducers: {
    screenShown(state, action: PayloadAction<KioskScreen>) {
      state.screen = action.payload;
    },
    /** The first input after the kiosk was cleared: someone is using it. */
    customerArrived(state) {
      state.touched = true;
    },
    idlePromptShown(state, action: PayloadAction<{ endsAt: number }>) {
      state.promptEndsAt = action.payload.endsAt;
    },
    /** "Continue" in the idle question: everything stays as it was. */
    continueClicked(state) {
      state.promptEndsAt = null;
    },
    /** "Start over" in the idle question or "New order" on the receipt: clear the kiosk now. */
    startOverClicked(state) {
      state.promptEndsAt = null;
    },
    resetStarted(state) {
      state.promptEndsAt = null;
      state.resetting = true;
    },
    /** The customer turned out to have paid while the kiosk was being cleared: their receipt stays. */
    resetAbandoned(state) {
      state.resetting = false;
    },
  },
  extraReducers: (builder) => {
    // The customer has gone: the next one starts untouched (cart, tab and details clear in their slices).
    builder.addCase(customerLeft, (state) => {
      state.resetting = false;
      state.touched = false;
      state.promptEndsAt = null;
      state.receiptId = null;
      state.customer += 1;
    });
    builder.addCase(sessionActions.loaded, (state, action) => {
      const { paymentStatus, receiptId } = action.payload.session;
      if (state.enabled && paymentStatus === 'COMPLETED' && receiptId) state.receiptId = receiptId;
    });
  },
});

export const kioskActions = { ...kioskSlice.actions, customerLeft };
export const kioskReducer = kioskSlice.reducer;
