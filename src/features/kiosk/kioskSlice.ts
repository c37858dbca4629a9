import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '../../shared/i18n/languages';
import { customerLeft, paymentCompleted } from '../../shared/events';
import { DEFAULT_IDLE_MS, DEFAULT_PROMPT_MS, type KioskSetting } from './kioskMode';

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
  /** How long the idle question waits for an answer (at least 20 s, WCAG 2.2.1). */
  promptMs: number;
  /** The current customer's accessibility choices (issue 23); each resets with the customer. */
  assist: KioskAssist;
  /** The API has not answered for a while: ordering is paused until it does (the order is kept). */
  paused: boolean;
  /**
   * The customer (the `customer` count) whose start language is in force: the shop's pages are drawn for a
   * customer only from then on, with the kiosk's code in (kioskStart.ts), so nothing changes under a tap.
   */
  startedFor: number | null;
}

/**
 * A customer's own accessibility choices: the interface in the lower part of the screen (reach), text
 * 1.5× (largeText), and read aloud (speech).
 */
export interface KioskAssist {
  reach: boolean;
  largeText: boolean;
  speech: boolean;
}

const NO_ASSIST: KioskAssist = { reach: false, largeText: false, speech: false };

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
  promptMs: setting?.promptMs ?? DEFAULT_PROMPT_MS,
  assist: NO_ASSIST,
  paused: false,
  startedFor: null,
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
    /**
     * The customer turned out to have paid while the kiosk was being cleared (their receipt stays), or the
     * store was shown in place: the cover goes. A reset that opens a fresh page keeps it until that page
     * replaces this one, so no tap lands on a page about to go (issue 34).
     */
    resetEnded(state) {
      state.resetting = false;
    },
    /** One of the accessibility controls was pressed: that choice flips. */
    assistToggled(state, action: PayloadAction<keyof KioskAssist>) {
      state.assist[action.payload] = !state.assist[action.payload];
    },
    /** The customer's start language is in force: their pages may be drawn. */
    customerStarted(state, action: PayloadAction<number>) {
      state.startedFor = action.payload;
    },
    /** The API stopped answering for a while: ordering pauses. */
    connectionLost(state) {
      state.paused = true;
    },
    /** The API answers again: the customer carries on where they were. */
    connectionBack(state) {
      state.paused = false;
    },
  },
  extraReducers: (builder) => {
    // The customer has gone: the next one starts untouched (cart, tab and details clear in their slices).
    builder.addCase(customerLeft, (state) => {
      state.touched = false;
      state.promptEndsAt = null;
      state.receiptId = null;
      state.assist = NO_ASSIST;
      state.customer += 1;
    });
    // The receipt this kiosk's customer may see: the one of the payment they just completed.
    builder.addCase(paymentCompleted, (state, action) => {
      if (state.enabled) state.receiptId = action.payload.receiptId;
    });
  },
});

export const kioskActions = { ...kioskSlice.actions, customerLeft };
export const kioskReducer = kioskSlice.reducer;
