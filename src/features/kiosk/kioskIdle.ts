import type { KioskScreen } from './kioskSlice';

/** How long the "are you still there?" question waits for an answer. */
export const PROMPT_MS = 15_000;
/** While a payment waits for the customer's approval on their phone, the question waits this long at least. */
export const PAYMENT_WAIT_MS = 180_000;
/** The receipt goes back to the empty store after this long without input (the order is done). */
export const RECEIPT_RETURN_MS = 30_000;

export interface IdleFacts {
  screen: KioskScreen;
  touched: boolean;
  /** Nothing in the cart and no tab lines chosen. */
  cartEmpty: boolean;
  /** A payment is STARTED: the customer may be approving it on their phone right now. */
  paymentStarted: boolean;
  idleMs: number;
}

/** What the kiosk does after `afterMs` without input: ask whether the customer is still there, or clear. */
export interface IdleRule {
  afterMs: number;
  then: 'ask' | 'reset';
}

/**
 * The kiosk's idle rules, one decision: an untouched store page with an empty cart is what the next
 * customer should find, so it never times out; the receipt returns to the store after 30 s without asking
 * (the order is complete); every other screen asks after the idle time, and waits at least three minutes
 * while a payment is being approved.
 *
 * @returns the rule in force, or null when nothing should happen however long the kiosk is left alone
 */
export function idleRule(facts: IdleFacts): IdleRule | null {
  if (facts.screen === 'receipt') return { afterMs: RECEIPT_RETURN_MS, then: 'reset' };
  if (facts.screen === 'store' && !facts.touched && facts.cartEmpty && !facts.paymentStarted) return null;
  return {
    afterMs: facts.paymentStarted ? Math.max(facts.idleMs, PAYMENT_WAIT_MS) : facts.idleMs,
    then: 'ask',
  };
}
