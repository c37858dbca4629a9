/** Issue 10: the kiosk's idle rules as one decision (kioskIdle.ts). */
import {
  idleRule,
  PAYMENT_WAIT_MS,
  RECEIPT_RETURN_MS,
  type IdleFacts,
} from '../../../src/features/kiosk/kioskIdle';

const facts = (over: Partial<IdleFacts> = {}): IdleFacts => ({
  screen: 'store',
  touched: false,
  cartEmpty: true,
  paymentStarted: false,
  frameFocused: false,
  idleMs: 60_000,
  updateWaiting: false,
  ...over,
});

describe('kiosk idle rules', () => {
  it('an untouched store page with an empty cart never times out', () => {
    expect(idleRule(facts())).toBeNull();
  });

  it('issue 35: with a new build waiting, an untouched empty store page resets after the idle time without asking (nobody is there); a customer is never interrupted for it', () => {
    expect(idleRule(facts({ updateWaiting: true }))).toEqual({ afterMs: 60_000, then: 'reset' });
    // A customer who has started: the question as always, the update at their reset.
    expect(idleRule(facts({ updateWaiting: true, touched: true }))).toEqual({ afterMs: 60_000, then: 'ask' });
    expect(idleRule(facts({ updateWaiting: true, cartEmpty: false }))?.then).toBe('ask');
    expect(idleRule(facts({ updateWaiting: true, screen: 'other', paymentStarted: true }))).toEqual({
      afterMs: PAYMENT_WAIT_MS,
      then: 'ask',
    });
  });

  it('a touched store page, or one with something in the cart, asks after the idle time', () => {
    expect(idleRule(facts({ touched: true }))).toEqual({ afterMs: 60_000, then: 'ask' });
    expect(idleRule(facts({ cartEmpty: false }))).toEqual({ afterMs: 60_000, then: 'ask' });
  });

  it('every other screen asks after the idle time, even untouched', () => {
    expect(idleRule(facts({ screen: 'other' }))).toEqual({ afterMs: 60_000, then: 'ask' });
    expect(idleRule(facts({ screen: 'other', idleMs: 20_000 }))).toEqual({ afterMs: 20_000, then: 'ask' });
  });

  it('while a payment is STARTED the question waits three minutes (longer idle times stay)', () => {
    expect(idleRule(facts({ screen: 'other', paymentStarted: true }))).toEqual({
      afterMs: PAYMENT_WAIT_MS,
      then: 'ask',
    });
    expect(PAYMENT_WAIT_MS).toBe(180_000);
    expect(idleRule(facts({ screen: 'other', paymentStarted: true, idleMs: 600_000 }))?.afterMs).toBe(
      600_000,
    );
  });

  it("issue 23: typing into a provider's frame (card fields the page cannot hear) waits like a payment being approved", () => {
    expect(idleRule(facts({ screen: 'other', frameFocused: true }))).toEqual({
      afterMs: PAYMENT_WAIT_MS,
      then: 'ask',
    });
  });

  it('the receipt returns to the store after 30 s without asking', () => {
    expect(idleRule(facts({ screen: 'receipt', touched: true }))).toEqual({
      afterMs: RECEIPT_RETURN_MS,
      then: 'reset',
    });
    expect(RECEIPT_RETURN_MS).toBe(30_000);
  });
});
