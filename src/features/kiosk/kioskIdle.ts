import type { KioskScreen } from './kioskSlice';

/**
 * While a payment waits for the customer's approval on their phone, or the customer types into a provider's
 * frame (Stripe's card fields, whose keys the page cannot see), the question waits this long at least: a
 * Swish request can be approved for three minutes, so a payment still STARTED after that is no longer being
 * approved, and the kiosk must still clear in the end.
 */
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
  /** Focus is inside a provider's frame (card fields): the customer may be typing there unseen. */
  frameFocused: boolean;
  idleMs: number;
  /** A new build waits to take over (issue 35). */
  updateWaiting: boolean;
}

/** What the kiosk does after `afterMs` without input: ask whether the customer is still there, or clear. */
export interface IdleRule {
  afterMs: number;
  then: 'ask' | 'reset';
}

/**
 * The kiosk's idle rules, one decision: an untouched store page with an empty cart is what the next
 * customer should find, so it never times out, unless a new build waits: then, after the idle time, the kiosk
 * resets without asking (nobody is there) and the next customer finds the new build; the receipt returns to the store after 30 s without asking
 * (the order is complete); every other screen asks after the idle time, and waits at least three minutes
 * while a payment is being approved or the customer types into a provider's frame. (Typing into the page's
 * own fields is input, which restarts the clock at every key.)
 *
 * @returns the rule in force, or null when nothing should happen however long the kiosk is left alone
 */
export function idleRule(facts: IdleFacts): IdleRule | null {
  if (facts.screen === 'receipt') return { afterMs: RECEIPT_RETURN_MS, then: 'reset' };
  if (facts.screen === 'store' && !facts.touched && facts.cartEmpty && !facts.paymentStarted)
    return facts.updateWaiting ? { afterMs: facts.idleMs, then: 'reset' } : null;
  return {
    afterMs:
      facts.paymentStarted || facts.frameFocused ? Math.max(facts.idleMs, PAYMENT_WAIT_MS) : facts.idleMs,
    then: 'ask',
  };
}
