/**
 * The payment funnel of the field metrics (issue 36): each attempt from the customer's tap on Pay to
 * STARTED, to how it ended (§4: completed, declined, cancelled, timed out, refused) and to the receipt
 * drawn. One pure step per action, so Jest can play whole journeys; app/fieldMetrics.ts feeds it the
 * store's actions and keeps the open attempt in the tab's session storage, since a provider's page (Viva,
 * 3-D Secure) ends the page in the middle of an attempt.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { PaymentAttempt, PaymentOutcome } from '../shared/reporting/fieldEvents';
import { randomHex } from '../shared/reporting/fieldEvents';
import { customerLeft } from '../shared/events';
import { paymentActions, selectPaymentMachine } from '../features/paymentState';
import { receiptActions } from '../features/receipt/receiptSlice';
import { sessionActions } from '../features/session';
import { selectPaymentMethodById } from '../features/shopState';
import type { PaymentMethodType } from '../domain/types';
import type { RootState } from './store';

/** An attempt on its way: its milestones so far, and the ids it is matched by (never sent). */
export interface OpenAttempt {
  id: string;
  method: string;
  payAt: number;
  startedAt: number | null;
  /** The server's payment, to match the session's word on it (kept in this tab only). */
  paymentId: string | null;
  outcome: PaymentOutcome | null;
  outcomeAt: number | null;
  /** A completed attempt's receipt, to see it drawn. */
  receiptId: string | null;
}

/** The funnel after one action: the attempt still open, and the one that just ended (to be sent). */
export interface FunnelStep {
  open: OpenAttempt | null;
  ended: PaymentAttempt | null;
}

/** The method's name in the figures. */
const METHOD_NAMES: Record<PaymentMethodType, string> = {
  SWISH_TRADE: 'swish',
  STRIPE: 'card',
  VIVA_WALLET_WEB: 'viva',
};

/** The session's word on how a started payment ended (§4), as the funnel names it. */
function sessionOutcome(status: string | null, message: string | null): PaymentOutcome | null {
  if (status === 'FAILED') return 'declined';
  if (status === 'CANCELLED') return 'cancelled';
  // Swish's TM01: the payer did not answer in time.
  if (status === 'ERROR') return message === 'TM01' ? 'timedOut' : 'error';
  return null;
}

function end(open: OpenAttempt, outcome: PaymentOutcome, at: number, receiptAt: number | null): FunnelStep {
  const { id, method, payAt, startedAt } = open;
  return {
    open: null,
    ended: { id, method, payAt, startedAt, outcome, outcomeAt: open.outcomeAt ?? at, receiptAt },
  };
}

/**
 * One action's effect on the funnel (after the reducers have run: `state` is the store's new state).
 *
 * @param open - the attempt on its way, or null
 * @param action - the action
 * @param at - when it happened (epoch ms)
 * @param state - the state after it
 */
export function funnelStep(
  open: OpenAttempt | null,
  action: UnknownAction,
  at: number,
  state: RootState,
): FunnelStep {
  const status = selectPaymentMachine(state).status;
  const same = { open, ended: null };
  if (paymentActions.startRequested.match(action)) {
    // A start the machine ignored (a double tap while LOADING, §4) changes nothing.
    if (status !== 'LOADING' || (open && open.outcome === null)) return same;
    const type = selectPaymentMethodById(state, action.payload.paymentMethodId)?.type;
    const next: OpenAttempt = {
      id: randomHex(16),
      method: action.payload.wallet ? 'wallet' : type ? METHOD_NAMES[type] : 'other',
      payAt: at,
      startedAt: null,
      paymentId: null,
      outcome: null,
      outcomeAt: null,
      receiptId: null,
    };
    // A completed attempt whose receipt never showed ends as it is.
    return { open: next, ended: open ? end(open, open.outcome ?? 'completed', at, null).ended : null };
  }
  if (!open) return same;
  if (open.outcome === 'completed') {
    if (receiptActions.loaded.match(action) && action.payload.receiptId === open.receiptId)
      return end(open, 'completed', at, at);
    if (receiptActions.loadFailed.match(action) || customerLeft.match(action))
      return end(open, 'completed', at, null);
    return same;
  }
  if (paymentActions.started.match(action) && status === 'STARTED' && open.startedAt === null)
    return { open: { ...open, startedAt: at, paymentId: action.payload.paymentId }, ended: null };
  if (paymentActions.startFailed.match(action)) return end(open, 'error', at, null);
  if (paymentActions.providerFailed.match(action)) return end(open, 'declined', at, null);
  if (paymentActions.completed.match(action))
    return {
      open: { ...open, outcome: 'completed', outcomeAt: at, receiptId: action.payload.receiptId },
      ended: null,
    };
  if (sessionActions.loaded.match(action)) {
    const { paymentId, paymentStatus, message } = action.payload.session;
    const outcome =
      paymentId !== null && paymentId === open.paymentId ? sessionOutcome(paymentStatus, message) : null;
    return outcome ? end(open, outcome, at, null) : same;
  }
  if (paymentActions.cancelConfirmed.match(action) && action.payload.paymentId === open.paymentId)
    return end(open, 'cancelled', at, null);
  // Dropped before the server held a payment (a cancel while LOADING, a kiosk customer who left).
  if (
    (paymentActions.cancelRequested.match(action) || customerLeft.match(action)) &&
    status === 'NOT_STARTED'
  )
    return end(open, 'cancelled', at, null);
  return same;
}
