import { createAction, createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { emptyCustomerInfo } from '../../domain/customerInfo';
import type { CustomerField, ErrorInfo } from '../../domain/types';
import {
  cartItemAdded,
  customerLeft,
  paymentCompleted,
  sessionLoaded,
  sessionLoadRequested,
} from '../../shared/events';
import type { RootState } from '../../app/hooks';

/** What a provider needs after a start (§7 startPayment answer). */
interface StartedPayment {
  paymentId: string;
  token: string | null;
  clientSecret: string | null;
}

/** How an attempt ended without a receipt: §4 ERROR (refused), or the server's FAILED or CANCELLED. */
type EndedStatus = 'ERROR' | 'FAILED' | 'CANCELLED';

/**
 * The §4 payment machine, one variant per status (docs/architecture.md draws it). Each variant holds only
 * what means something in it: a payment id once the server has one, the provider's token and client secret
 * while it is pending, the receipt id once it completed, the message once it ended.
 */
export type PaymentMachine =
  /** `notCompleted`: back from a provider's page without paying, and that payment was cancelled. */
  | { status: 'NOT_STARTED'; notCompleted: boolean }
  /** A start on its way to the server. */
  | { status: 'LOADING' }
  /** The server holds the payment; the provider is approving it. Polled on every screen of the shop (§4). */
  | ({ status: 'STARTED' } & StartedPayment)
  /**
   * The customer dropped a STARTED payment; the cancel is on its way (`retrying`: it failed and is sent
   * again). Still polled, so an approval that beats the cancel still reaches the receipt.
   */
  | { status: 'CANCELLING'; paymentId: string; retrying: boolean; notCompleted: boolean }
  /** Paid: the receipt is being shown (the one place the receipt id is read from the session). */
  | { status: 'COMPLETED'; paymentId: string; receiptId: string }
  /** Ended without a receipt. `paymentId`: the server's payment, which a provider may still hold open. */
  | { status: EndedStatus; paymentId: string | null; error: ErrorInfo };

export type PaymentStatusName = PaymentMachine['status'];

/** The cart page opened or closed: only a choice it offers starts a payment (startSagas.ts). */
const cartOpened = createAction('payment/cartOpened');
const cartClosed = createAction('payment/cartClosed');
/** On a kiosk: Swish to this phone number instead of the QR code (see startSagas.sendSwishToPhone). */
const swishPhoneChosen = createAction<{ paymentMethodId: string; phone: string }>('payment/swishPhoneChosen');

/** §3 Payment state. Customer info lives here too, as the spec lists it. */
export interface PaymentState {
  /** The shop this payment belongs to; entering another shop clears everything (§4). */
  shopId: string | null;
  machine: PaymentMachine;
  selectedPaymentMethod: string | null;
  /** productId → remaining stock the server reported (§8 OUT_OF_STOCK). */
  articleStockErrors: Record<string, number>;
  /** On a kiosk: this start sends the Swish request to the customer's phone instead of a QR code. */
  swishToPhone: boolean;
  /**
   * This attempt was started from a wallet button (Apple Pay, Google Pay: the express buttons above the
   * choices), not from a method's panel: the wallet's section shows its progress and outcome, and no panel
   * confirms it (issue 25).
   */
  wallet: boolean;
  /** The cart page is open: only a choice it offers starts a payment. */
  cartOpen: boolean;
  /**
   * §4 a cart change asked for while a payment is STARTED: it would cancel the payment, so it waits for the
   * customer's answer ("Change order" applies it, "Keep paying" drops it). Dropped when the payment ends.
   */
  heldCartChange: UnknownAction | null;
  customer: Record<CustomerField, string>;
  /** Fields the customer has left once: their messages show from then on (§5). */
  touched: Partial<Record<CustomerField, true>>;
}

// The §3 customer fields, all empty (isMobile is the device's, not something the customer types).
const { isMobile: _isMobile, ...emptyCustomer } = emptyCustomerInfo();

const NOT_STARTED: PaymentMachine = { status: 'NOT_STARTED', notCompleted: false };

/** A fresh machine: nothing started, nothing chosen (stock errors and the cart page's state are kept). */
const machineReset = {
  machine: NOT_STARTED,
  selectedPaymentMethod: null,
  swishToPhone: false,
  wallet: false,
};

const initialState: PaymentState = {
  shopId: null,
  ...machineReset,
  articleStockErrors: {},
  cartOpen: false,
  heldCartChange: null,
  customer: emptyCustomer,
  touched: {},
};

const isEnded = (m: PaymentMachine): m is Extract<PaymentMachine, { status: EndedStatus }> =>
  m.status === 'ERROR' || m.status === 'FAILED' || m.status === 'CANCELLED';

/** The server's payment of a machine, where it has one. */
export const paymentIdOf = (m: PaymentMachine): string | null => ('paymentId' in m ? m.paymentId : null);

/** The §4 payment state machine. Events that do not fit the current state are ignored. */
const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /**
     * §2 selecting the chosen method again deselects it. An ended attempt's message belongs to its method:
     * another choice starts clean, unless the server still has its payment (a declined card's, which the
     * provider may hold open): that one is cancelled first (`payment/cancelRequested`, pendingSagas.ts).
     */
    methodSelected(state, action: PayloadAction<{ paymentMethodId: string }>) {
      const m = state.machine;
      if (m.status === 'LOADING' || m.status === 'COMPLETED') return;
      if (isEnded(m) && !m.paymentId) Object.assign(state, { machine: NOT_STARTED, wallet: false });
      if (m.status === 'NOT_STARTED') m.notCompleted = false;
      state.selectedPaymentMethod =
        state.selectedPaymentMethod === action.payload.paymentMethodId
          ? null
          : action.payload.paymentMethodId;
    },
    /**
     * Cancel pressed on the panel of a started payment: its method is deselected at once, as choosing it again
     * would, and the pending payment's saga cancels the payment (§4).
     */
    cancelClicked(state, action: PayloadAction<{ paymentMethodId: string }>) {
      if (
        state.machine.status !== 'STARTED' ||
        state.selectedPaymentMethod !== action.payload.paymentMethodId
      )
        return;
      state.selectedPaymentMethod = null;
    },
    /**
     * §4 start: ignored while LOADING; otherwise LOADING with error and stock errors cleared. `byPhone`: on a
     * kiosk, Swish sends the request to the customer's number instead of showing a QR code. Ignored too while
     * a cancel is on its way: the server still holds the dropped payment, and would answer a start with it.
     * `wallet`: a wallet button's start for the amount its sheet showed; it chooses no method in the list.
     */
    startRequested(
      state,
      action: PayloadAction<{ paymentMethodId: string; byPhone?: boolean; wallet?: { amount: number } }>,
    ) {
      const { status } = state.machine;
      if (status === 'LOADING' || status === 'COMPLETED' || status === 'CANCELLING') return;
      state.machine = { status: 'LOADING' };
      state.articleStockErrors = {};
      state.wallet = action.payload.wallet !== undefined;
      if (!state.wallet) state.selectedPaymentMethod = action.payload.paymentMethodId;
      state.swishToPhone = action.payload.byPhone ?? false;
    },
    /** §4 success gives STARTED and stores paymentId. */
    started(state, action: PayloadAction<StartedPayment>) {
      if (state.machine.status !== 'LOADING') return;
      state.machine = { status: 'STARTED', ...action.payload };
    },
    /** §4 invalid payment, a non-200 answer or a thrown error: ERROR with the message. */
    startFailed(
      state,
      action: PayloadAction<{ error: ErrorInfo; stockLevels?: { id: string; stock: number }[] }>,
    ) {
      if (state.machine.status !== 'LOADING') return;
      state.machine = { status: 'ERROR', paymentId: null, error: action.payload.error };
      for (const { id, stock } of action.payload.stockLevels ?? []) state.articleStockErrors[id] = stock;
    },
    /** The provider itself refused (a declined card, failed 3-D Secure): ERROR with its message. */
    providerFailed(state, action: PayloadAction<{ error: ErrorInfo }>) {
      const m = state.machine;
      if (m.status !== 'STARTED' && m.status !== 'CANCELLING' && m.status !== 'LOADING') return;
      state.machine = { status: 'ERROR', paymentId: paymentIdOf(m), error: action.payload.error };
    },
    /**
     * §4 cancelling resets to NOT_STARTED and clears error, paymentId and the selected method. A STARTED
     * payment may still be approved until the server has cancelled it: it is CANCELLING until then.
     * `notCompleted`: the customer came back from a provider's page without paying.
     */
    cancelRequested(state, action: PayloadAction<{ notCompleted?: boolean } | undefined>) {
      const m = state.machine;
      const notCompleted = action.payload?.notCompleted ?? false;
      if (m.status === 'COMPLETED' || m.status === 'CANCELLING') return;
      if (m.status === 'STARTED')
        state.machine = { status: 'CANCELLING', paymentId: m.paymentId, retrying: false, notCompleted };
      else Object.assign(state, machineReset);
    },
    /** The server did not take the cancel (offline, 5xx): the payment is still pending; it is retried. */
    cancelFailed(state) {
      if (state.machine.status === 'CANCELLING') state.machine.retrying = true;
    },
    /** The server cancelled the payment (or had nothing pending): §4 NOT_STARTED. */
    cancelConfirmed(state, action: PayloadAction<{ paymentId: string }>) {
      const m = state.machine;
      if (m.status !== 'CANCELLING' || m.paymentId !== action.payload.paymentId) return;
      Object.assign(state, machineReset, {
        machine: { status: 'NOT_STARTED', notCompleted: m.notCompleted },
      });
    },
    /** A client secret fetched after a start that answered without one (§7 answers paymentId only). */
    clientSecretReceived(state, action: PayloadAction<{ paymentId: string; clientSecret: string }>) {
      const m = state.machine;
      if (m.status === 'STARTED' && m.paymentId === action.payload.paymentId)
        m.clientSecret = action.payload.clientSecret;
    },
    /** §4 a cart change while STARTED waits for the customer's answer (a change at any other time is not held). */
    cartChangeHeld(state, action: PayloadAction<UnknownAction>) {
      if (state.machine.status === 'STARTED') state.heldCartChange = action.payload;
    },
    /** §4 the customer answered (the change, when they chose it, is dispatched right after). */
    cartChangeAnswered(state) {
      state.heldCartChange = null;
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
      // The cart page opened or closed: only a choice it offers starts a payment.
      .addCase(cartOpened, (state) => {
        state.cartOpen = true;
      })
      .addCase(cartClosed, (state) => {
        state.cartOpen = false;
      })
      // §4 adding an item resets an ended attempt to NOT_STARTED. A pending payment is cancelled instead, as
      // every cart change cancels it (pendingSagas.ts); so is an ended one the server still holds.
      .addCase(cartItemAdded, (state) => {
        if (isEnded(state.machine) && !state.machine.paymentId)
          Object.assign(state, { machine: NOT_STARTED, wallet: false });
      })
      // Completed, and the receipt is being shown: back to a fresh machine, the customer's details kept for
      // the next order.
      .addCase(paymentCompleted, (state) => {
        Object.assign(state, machineReset);
      })
      // A kiosk's customer has gone (their payment was cancelled first): nothing they typed stays.
      .addCase(customerLeft, (state) => ({ ...initialState, shopId: state.shopId, cartOpen: state.cartOpen }))
      // §4 changing the shop id clears the payment state.
      .addCase(sessionLoadRequested, (state, action) => {
        if (state.shopId !== action.payload.shopId) return { ...initialState, shopId: action.payload.shopId };
      })
      // §4 the session tells how a started payment ended; a payment left running (reload, return from
      // Viva or the Swish app) is picked up from it.
      .addCase(sessionLoaded, (state, action) => {
        const { paymentStatus, paymentId, receiptId, message, paymentMethodId } = action.payload.session;
        const m = state.machine;
        if (paymentStatus === 'COMPLETED' && receiptId && paymentId) {
          if (m.status === 'COMPLETED') return;
          Object.assign(state, machineReset, {
            machine: { status: 'COMPLETED', paymentId, receiptId },
            selectedPaymentMethod: paymentMethodId,
          });
        } else if (paymentStatus === 'STARTED' && paymentId && m.status === 'NOT_STARTED') {
          state.machine = { status: 'STARTED', paymentId, token: null, clientSecret: null };
          state.selectedPaymentMethod = paymentMethodId;
        } else if (
          (paymentStatus === 'FAILED' || paymentStatus === 'ERROR' || paymentStatus === 'CANCELLED') &&
          paymentId &&
          (((m.status === 'STARTED' || m.status === 'CANCELLING') && paymentId === m.paymentId) ||
            m.status === 'NOT_STARTED')
        ) {
          // A started payment ended; or, on arrival (back from Viva's checkout), how the last one ended.
          state.machine = {
            status: paymentStatus,
            paymentId,
            error: { code: paymentStatus, message: message ?? '' },
          };
          state.selectedPaymentMethod = paymentMethodId ?? state.selectedPaymentMethod;
        }
      })
      // §4 a held cart change is asked about only while its payment is STARTED: once it has ended (paid,
      // failed, cancelled) there is nothing to keep paying for, and the question goes.
      .addMatcher(
        () => true,
        (state) => {
          if (state.machine.status !== 'STARTED') state.heldCartChange = null;
        },
      );
  },
});

export const paymentActions = {
  ...paymentSlice.actions,
  cartOpened,
  cartClosed,
  swishPhoneChosen,
  completed: paymentCompleted,
};
export const paymentReducer = paymentSlice.reducer;

// The payment's state as the other features read it (the payment feature's sagas and screens, the cart's
// stock limits, the kiosk's idle rule), one field each; those only lazily loaded code reads are in
// paymentLazySelectors.ts, and what is derived with the cart or the shop is payment/paymentSelectors.ts's.

/**
 * The payment machine (a union on `status`). Its object changes only when the machine does, never on a
 * keystroke in "your info", so a panel that selects it re-renders only for the payment.
 */
export const selectPaymentMachine = (state: RootState) => state.payment.machine;
export const selectSelectedPaymentMethod = (state: RootState) => state.payment.selectedPaymentMethod;
/** The shop the payment belongs to. */
export const selectPaymentShopId = (state: RootState) => state.payment.shopId;
export const selectCustomer = (state: RootState) => state.payment.customer;
/** The cart page is open: only a choice it offers starts a payment. */
export const selectCartOpen = (state: RootState) => state.payment.cartOpen;
/** §4 the cart change waiting for the customer's answer while a payment is STARTED, else null. */
export const selectHeldCartChange = (state: RootState) => state.payment.heldCartChange;
/** productId → remaining stock the server reported at the last start (§8 OUT_OF_STOCK). */
export const selectStockErrors = (state: RootState) => state.payment.articleStockErrors;

/** The machine holds payment `paymentId` (any, when not given) as pending on the server: STARTED, or CANCELLING it. */
export type Pending = Extract<PaymentMachine, { status: 'STARTED' | 'CANCELLING' }>;
export const isPending = (m: PaymentMachine, paymentId?: string): m is Pending =>
  (m.status === 'STARTED' || m.status === 'CANCELLING') &&
  (paymentId === undefined || m.paymentId === paymentId);

/** A payment is pending on the server (STARTED, or its cancel not yet confirmed). */
export const selectPaymentPending = (state: RootState) => isPending(state.payment.machine);
