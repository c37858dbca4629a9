/**
 * Issue 39 §3: what a customer typed in 'your info' survives a reload, a language change and a trip to
 * another page of the shop, in this tab only (session storage), and is forgotten when the payment completes,
 * when the customer clears it and at a kiosk's reset. A real store with its sagas; the tab's storage is the
 * one the app hands them (sessionStorage), and nothing else is written.
 */
import { resetKiosk } from '../../../src/features/kiosk/kioskSagas';
import { cancelPayment } from '../../../src/features/payment/pendingSagas';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { session } from '../../helpers/fixtures';
import { memoryStorage } from '../../helpers/memoryStorage';
import { testStore } from '../../helpers/testStore';

/** A tab on the café's cart page with its storage: `storage` is carried over to a reloaded tab. */
function tab(storage = memoryStorage()) {
  const made = testStore({ getSession: jest.fn(() => new Promise(() => undefined)) });
  // The tab's own sessionStorage (a reload keeps it: the same object).
  made.storage.data.clear();
  for (const [key, value] of storage.data) made.storage.data.set(key, value);
  made.store.dispatch(sessionActions.loadRequested('cafe'));
  return { ...made, storage: made.storage };
}

const type = (store: ReturnType<typeof tab>['store'], field: 'name' | 'email' | 'phone', value: string) =>
  store.dispatch(paymentActions.customerFieldChanged({ field, value }));

describe('§3 issue 39: typed details survive in the tab', () => {
  it('typed details come back after a reload (a new store on the same session storage)', () => {
    const first = tab();
    type(first.store, 'name', 'Anna');
    type(first.store, 'email', 'anna@example.se');
    type(first.store, 'phone', '0701234567');
    const reloaded = tab(first.storage);
    expect(reloaded.store.getState().payment.customer).toMatchObject({
      name: 'Anna',
      email: 'anna@example.se',
      phone: '0701234567',
    });
  });

  it('are kept in session storage only, under one key, bound to the shop', () => {
    const first = tab();
    type(first.store, 'name', 'Anna');
    expect([...first.storage.data.keys()]).toEqual(['customer.draft']);
    expect(JSON.parse(first.storage.data.get('customer.draft') ?? '')).toEqual({
      shopId: 'cafe',
      customer: expect.objectContaining({ name: 'Anna' }),
    });
    // Another shop in the same tab does not get them.
    const other = testStore();
    for (const [key, value] of first.storage.data) other.storage.data.set(key, value);
    other.store.dispatch(sessionActions.loadRequested('kahvila'));
    expect(other.store.getState().payment.customer.name).toBe('');
  });

  it('what is typed again wins over what was kept (a field emptied stays empty)', () => {
    const first = tab();
    type(first.store, 'name', 'Anna');
    type(first.store, 'email', 'anna@example.se');
    type(first.store, 'email', '');
    const reloaded = tab(first.storage);
    expect(reloaded.store.getState().payment.customer).toMatchObject({ name: 'Anna', email: '' });
  });

  it('are forgotten when the payment completes', () => {
    const first = tab();
    type(first.store, 'name', 'Anna');
    // The session says the payment completed: the receipt is shown (pendingSagas.ts completeIfPaid).
    first.store.dispatch(
      sessionActions.loaded({
        shopId: 'cafe',
        session: session({ paymentStatus: 'COMPLETED', paymentId: 'p1', receiptId: 'r1' }),
      }),
    );
    expect(first.navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    expect(first.storage.data.has('customer.draft')).toBe(false);
    expect(tab(first.storage).store.getState().payment.customer.name).toBe('');
  });

  it('are forgotten when the customer clears them', () => {
    const first = tab();
    type(first.store, 'name', 'Anna');
    type(first.store, 'phone', '0701234567');
    // 'Clear my details' empties each field (CustomerInfoForm.tsx).
    type(first.store, 'name', '');
    type(first.store, 'phone', '');
    expect(first.store.getState().payment.customer).toMatchObject({ name: '', phone: '' });
    expect(first.storage.data.has('customer.draft')).toBe(false);
  });

  it("are forgotten at a kiosk's reset (its next customer starts empty)", () => {
    const first = tab();
    type(first.store, 'name', 'Anna');
    // The kiosk's reset (kioskSagas.ts): nothing pending to cancel, so the customer leaves at once.
    first.store.injectSagas([() => resetKiosk(cancelPayment)]);
    expect(first.store.getState().payment.customer.name).toBe('');
    expect(first.storage.data.has('customer.draft')).toBe(false);
    expect(tab(first.storage).store.getState().payment.customer.name).toBe('');
  });

  it('a kept draft that is not ours (garbage, other keys) brings nothing back', () => {
    const storage = memoryStorage();
    storage.setItem('customer.draft', '{"shopId":"cafe","customer":{"name":3,"evil":"x"}}');
    expect(tab(storage).store.getState().payment.customer.name).toBe('');
    storage.setItem('customer.draft', 'not json');
    expect(tab(storage).store.getState().payment.customer.name).toBe('');
  });
});
