import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { emptyCustomerInfo } from '../../domain/customerInfo';
import type { CustomerField, ErrorInfo, PaymentStatus } from '../../domain/types';
import { cartActions } from '../cart';
import { customerLeft } from '../kiosk/kioskEvents';
import { paymentCompleted } from './paymentEvents';
import { sessionActions } from '../session';

/** What a provider needs after a start (§7 startPayment answer). */
export interface StartedPayment {
  paymentId: string;
  token: string | null;
  clientSecret: string | null;
}

/** §3 Payment state. Customer info lives here too, as the spec lists it. */
export interface PaymentState {
  /** The shop this payment belongs to; entering another shop clears everything (§4). */
  shopId: string | null;
  state: PaymentStatus;
  paymentId: string | null;
  receiptId: string | null;
  error: ErrorInfo | null;
  selectedPaymentMethod: string | null;
  /** productId → remaining stock the server reported (§8 OUT_OF_STOCK). */
  articleStockErrors: Record<string, number>;
  customer: Record<CustomerField, string>;
  /** Fields the customer has left once: their messages show from then on (§5). */
  touched: Partial<Record<CustomerField, true>>;
  token: string | null;
  clientSecret: string | null;
  /**
   * A cancel of a STARTED payment on its way ('sending') or failed and being retried ('retrying'): the
   * payment stays STARTED (and polled) until the server confirms, so a completion still reaches the receipt.
   */
  cancelling: 'sending' | 'retrying' | null;
  /** The customer came back from a provider's page without paying and that payment was cancelled. */
  notCompleted: boolean;
}

// The §3 customer fields, all empty (isMobile is the device's, not something the customer types).
const { isMobile: _isMobile, ...emptyCustomer } = emptyCustomerInfo();

const machineReset = {
  state: 'NOT_STARTED' as PaymentStatus,
  paymentId: null,
  receiptId: null,
  error: null,
  selectedPaymentMethod: null,
  articleStockErrors: {},
  token: null,
  clientSecret: null,
  cancelling: null,
  notCompleted: false,
};

const initialState: PaymentState = { shopId: null, ...machineReset, customer: emptyCustomer, touched: {} };

/** The §4 payment state machine. Events that do not fit the current state are ignored. */
const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** §2 selecting the chosen method again deselects it. */
    methodSelected(state, action: PayloadAction<{ paymentMethodId: string }>) {
      if (state.state === 'LOADING' || state.state === 'COMPLETED') return;
      // An ended attempt's message belongs to its method: another choice starts clean. The payment id stays
      // for the saga, which cancels a payment the provider may still hold open (a declined card's).
      if (state.state === 'ERROR' || state.state === 'FAILED' || state.state === 'CANCELLED') {
        state.state = 'NOT_STARTED';
        state.error = null;
      }
      state.notCompleted = false;
      state.selectedPaymentMethod =
        state.selectedPaymentMethod === action.payload.paymentMethodId
          ? null
          : action.payload.paymentMethodId;
    },
    /**
     * Cancel pressed on the panel of a started payment: its method is deselected at once, as choosing it again
     * would, and the flow saga cancels the payment (§4; it stays STARTED until the server confirms).
     */
    cancelClicked(state, action: PayloadAction<{ paymentMethodId: string }>) {
      if (state.state !== 'STARTED' || state.selectedPaymentMethod !== action.payload.paymentMethodId) return;
      state.notCompleted = false;
      state.selectedPaymentMethod = null;
    },
    /**
     * §4 start: ignored while LOADING; otherwise LOADING with error and stock errors cleared. `byPhone`: on a
     * kiosk, Swish sends the request to the customer's number instead of showing a QR code.
     */
    startRequested(state, action: PayloadAction<{ paymentMethodId: string; byPhone?: boolean }>) {
      if (state.state === 'LOADING' || state.state === 'COMPLETED') return;
      state.state = 'LOADING';
      state.error = null;
      state.articleStockErrors = {};
      state.cancelling = null;
      state.notCompleted = false;
      state.selectedPaymentMethod = action.payload.paymentMethodId;
    },
    /** §4 success gives STARTED and stores paymentId. */
    started(state, action: PayloadAction<StartedPayment>) {
      if (state.state !== 'LOADING') return;
      Object.assign(state, action.payload);
      state.state = 'STARTED';
    },
    /** §4 invalid payment, a non-200 answer or a thrown error: ERROR with the message. */
    startFailed(
      state,
      action: PayloadAction<{ error: ErrorInfo; stockLevels?: { id: string; stock: number }[] }>,
    ) {
      if (state.state !== 'LOADING') return;
      state.state = 'ERROR';
      state.error = action.payload.error;
      for (const { id, stock } of action.payload.stockLevels ?? []) state.articleStockErrors[id] = stock;
    },
    /** The provider itself refused (a declined card, failed 3-D Secure): ERROR with its message. */
    providerFailed(state, action: PayloadAction<{ error: ErrorInfo }>) {
      if (state.state !== 'STARTED' && state.state !== 'LOADING') return;
      state.state = 'ERROR';
      state.error = action.payload.error;
    },
    /**
     * §4 cancelling resets to NOT_STARTED and clears error, paymentId and the selected method. A STARTED
     * payment may still be approved until the server has cancelled it, so it stays STARTED until then.
     */
    cancelRequested(state) {
      if (state.state === 'COMPLETED') return; // a payment that went through cannot be cancelled
      if (state.state === 'STARTED') state.cancelling = 'sending';
      else Object.assign(state, machineReset, { articleStockErrors: state.articleStockErrors });
    },
    /** The server did not take the cancel (offline, 5xx): the payment is still pending; it is retried. */
    cancelFailed(state) {
      if (state.state === 'STARTED' && state.cancelling) state.cancelling = 'retrying';
    },
    /** The server cancelled the payment (or had nothing pending): §4 NOT_STARTED. */
    cancelConfirmed(state, action: PayloadAction<{ paymentId: string; notCompleted?: boolean }>) {
      if (state.state !== 'STARTED' || state.paymentId !== action.payload.paymentId) return;
      Object.assign(state, machineReset, {
        articleStockErrors: state.articleStockErrors,
        notCompleted: action.payload.notCompleted ?? false,
      });
    },
    /** A client secret fetched after a start that answered without one (§7 answers paymentId only). */
    clientSecretReceived(state, action: PayloadAction<{ paymentId: string; clientSecret: string }>) {
      if (state.paymentId === action.payload.paymentId) state.clientSecret = action.payload.clientSecret;
    },
    customerFieldChanged(state, action: PayloadAction<{ field: CustomerField; value: string }>) {
      state.customer[action.payload.field] = action.payload.value;
    },
    customerFieldTouched(state, action: PayloadAction<CustomerField>) {
      state.touched[action.payload] = true;
    },
    /** Details remembered from before a reload or a provider's redirect; what is typed already wins. */
    customerRestored(state, action: PayloadAction<Partial<Record<CustomerField, string>>>) {
      for (const [field, value] of Object.entries(action.payload) as [CustomerField, string][]) {
        if (state.customer[field] === '') state.customer[field] = value;
      }
    },
  },
  extraReducers: (builder) => {
    builder
      // §4 adding an item resets to NOT_STARTED. A STARTED payment could still be approved, so it stays shown
      // as pending until the cancel that every cart change makes has reached the server (paymentSagas).
      .addCase(cartActions.itemAdded, (state) => {
        if (state.state === 'COMPLETED' || state.state === 'LOADING' || state.state === 'STARTED') return;
        state.state = 'NOT_STARTED';
        state.error = null;
      })
      // Completed, and the receipt is being shown: back to a fresh machine, the customer's details kept for
      // the next order.
      .addCase(paymentCompleted, (state) => {
        Object.assign(state, machineReset);
      })
      // A kiosk's customer has gone (their payment was cancelled first): nothing they typed stays.
      .addCase(customerLeft, (state) => ({ ...initialState, shopId: state.shopId }))
      // §4 changing the shop id clears the payment state.
      .addCase(sessionActions.loadRequested, (state, action) => {
        if (state.shopId !== action.payload.shopId) return { ...initialState, shopId: action.payload.shopId };
      })
      // §4 the session tells how a started payment ended; a payment left running (reload, return from
      // Viva or the Swish app) is picked up from it.
      .addCase(sessionActions.loaded, (state, action) => {
        const { paymentStatus, paymentId, receiptId, message, paymentMethodId } = action.payload.session;
        if (paymentStatus === 'COMPLETED' && receiptId) {
          if (state.state === 'COMPLETED') return;
          Object.assign(state, machineReset, {
            state: 'COMPLETED',
            paymentId,
            receiptId,
            selectedPaymentMethod: paymentMethodId,
          });
        } else if (paymentStatus === 'STARTED' && paymentId && state.state === 'NOT_STARTED') {
          Object.assign(state, { state: 'STARTED', paymentId, selectedPaymentMethod: paymentMethodId });
        } else if (
          (paymentStatus === 'FAILED' || paymentStatus === 'ERROR' || paymentStatus === 'CANCELLED') &&
          paymentId &&
          ((state.state === 'STARTED' && paymentId === state.paymentId) || state.state === 'NOT_STARTED')
        ) {
          // A started payment ended; or, on arrival (back from Viva's checkout), how the last one ended.
          Object.assign(state, {
            state: paymentStatus,
            paymentId,
            selectedPaymentMethod: paymentMethodId ?? state.selectedPaymentMethod,
            cancelling: null,
          });
          state.error = { code: paymentStatus, message: message ?? '' };
        }
      });
  },
});

/** The cart page opened or closed: payments are polled only while it is open (§4 leaving stops polling). */
export const cartOpened = createAction('payment/cartOpened');
export const cartClosed = createAction('payment/cartClosed');
/** On a kiosk: Swish to this phone number instead of the QR code (see paymentSagas.sendSwishToPhone). */
export const swishPhoneChosen = createAction<{ paymentMethodId: string; phone: string }>(
  'payment/swishPhoneChosen',
);

export const paymentActions = {
  ...paymentSlice.actions,
  cartOpened,
  cartClosed,
  swishPhoneChosen,
  completed: paymentCompleted,
};
export const paymentReducer = paymentSlice.reducer;
