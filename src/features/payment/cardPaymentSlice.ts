import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentIntentResponse } from '../../contract';
import type { ErrorInfo } from '../../domain/types';

export type PaymentIntent = PaymentIntentResponse['paymentIntent'];

/** The card payment page (§2): the intent, and how the customer's confirmation is going. */
export interface CardPaymentState {
  paymentIntentId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'notFound';
  intent: PaymentIntent | null;
  /** idle → processing (confirming with the card provider) → confirmed (polling) or error. */
  confirmation: 'idle' | 'processing' | 'confirmed' | 'error';
  error: ErrorInfo | null;
}

const initialState: CardPaymentState = {
  paymentIntentId: null,
  status: 'idle',
  intent: null,
  confirmation: 'idle',
  error: null,
};

const cardPaymentSlice = createSlice({
  name: 'cardPayment',
  initialState,
  reducers: {
    loadRequested(state, action: PayloadAction<{ companyId: string; paymentIntentId: string }>) {
      if (state.paymentIntentId !== action.payload.paymentIntentId) Object.assign(state, initialState);
      state.paymentIntentId = action.payload.paymentIntentId;
      if (state.status !== 'loaded') state.status = 'loading';
    },
    intentReceived(state, action: PayloadAction<{ paymentIntentId: string; intent: PaymentIntent }>) {
      if (action.payload.paymentIntentId !== state.paymentIntentId) return;
      state.status = 'loaded';
      state.intent = action.payload.intent;
    },
    /** §8 a failed intent fetch is logged only; the page says it cannot show the payment if it never loaded. */
    intentUnavailable(state) {
      if (state.status === 'loading') state.status = 'notFound';
    },
    confirmStarted(state) {
      state.confirmation = 'processing';
      state.error = null;
    },
    /** The card provider accepted the card: from now on the intent is polled (§4, every 5 s). */
    confirmed(state) {
      state.confirmation = 'confirmed';
    },
    confirmFailed(state, action: PayloadAction<ErrorInfo>) {
      state.confirmation = 'error';
      state.error = action.payload;
    },
  },
});

/** The customer left the page: its polling stops. */
const pageLeft = createAction('cardPayment/pageLeft');

export const cardPaymentActions = { ...cardPaymentSlice.actions, pageLeft };
export const cardPaymentReducer = cardPaymentSlice.reducer;
