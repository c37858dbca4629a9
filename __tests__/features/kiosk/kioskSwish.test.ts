/**
 * Issue 10: Swish on a counter kiosk is Swish's q-commerce flow: the start asks for a token (shown as a QR
 * code) without a phone number, the kiosk never opens `swish://`, and sending the request to a phone
 * instead cancels the QR code's payment before starting another, so only one can ever be approved.
 */
import type { Action } from '@reduxjs/toolkit';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { qrPayloadFor } from '../../../src/features/payment/providers/swish';
import type { Api } from '../../../src/shared/api';
import { session } from '../../helpers/fixtures';
import { until } from '../../helpers/testStore';
import { cafeState, storeFrom, swishStarted } from '../../helpers/kioskState';
import { paymentView } from '../../helpers/paymentView';
import { paymentStates } from '../../helpers/paymentStates';

const SHOP = 'cafe';

const withBunAndEmail: Action[] = [
  cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }),
  cartActions.synced({ revision: 1 }),
  paymentActions.customerFieldChanged({ field: 'email', value: 'ada@example.com' }),
];
const state = (kiosk: boolean, ...more: Action[]) =>
  cafeState(kiosk ? 60_000 : null, ...withBunAndEmail, ...more);
/** On a device that says it is a phone (a kiosk must not believe it). */
const storeAt = (preloaded: ReturnType<typeof state>, api: Partial<Api>) =>
  storeFrom(preloaded, api, { isMobile: true });

describe('Swish on a kiosk', () => {
  it(`starts without a phone number, asks the server for a QR token and never opens the Swish app ${paymentStates('KIOSK:QR_SHOWN')}`, async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1', token: 'tok-1' }));
    const { store, assignLocation } = storeAt(state(true), { startPayment });
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    await until(store, (s) => paymentView(s).state === 'STARTED');
    expect(startPayment).toHaveBeenCalledWith(
      SHOP,
      expect.objectContaining({
        kiosk: true,
        customerInfo: expect.objectContaining({ isMobile: false, phone: '' }),
      }),
    );
    expect(paymentView(store.getState()).token).toBe('tok-1');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('choosing Swish on the kiosk’s cart page starts its QR code payment at once (the flow saga, not the panel)', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1', token: 'tok-1' }));
    const { store } = storeFrom(state(true), {
      startPayment,
      getSession: jest.fn(() => new Promise(() => {})),
    });
    store.dispatch(paymentActions.cartOpened());
    store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-swish' }));
    await until(store, (s) => paymentView(s).state === 'STARTED');
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect(startPayment).toHaveBeenCalledWith(SHOP, expect.objectContaining({ kiosk: true }));
  });

  it("the QR code carries the token as Swish's terminal guide says: D followed by the token", () => {
    expect(qrPayloadFor('6b1e8e0c62b04e5b9f0b6b1d3c7f0a41')).toBe('D6b1e8e0c62b04e5b9f0b6b1d3c7f0a41');
  });

  it('off a kiosk nothing changes: a phone still goes to the app and no kiosk flag is sent', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1', token: 'tok-1' }));
    const { store, assignLocation } = storeAt(state(false), { startPayment });
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    await until(store, (s) => paymentView(s).state === 'STARTED');
    expect(startPayment).toHaveBeenCalledWith(SHOP, expect.not.objectContaining({ kiosk: true }));
    await until(store, () => assignLocation.mock.calls.length > 0);
    expect(assignLocation.mock.calls[0]?.[0]).toMatch(/^swish:\/\/paymentrequest\?token=tok-1/);
  });

  it(`"send to my phone" cancels the QR payment on the server first, then starts one to that number ${paymentStates('KIOSK:SENT_TO_PHONE')}`, async () => {
    const order: string[] = [];
    const startPayment = jest.fn(() => {
      order.push('start');
      return Promise.resolve({ paymentId: 'p2' });
    });
    const cancelPayment = jest.fn(() => {
      order.push('cancel');
      return Promise.resolve();
    });
    const { store, assignLocation } = storeAt(state(true, ...swishStarted()), {
      startPayment,
      cancelPayment,
      getSession: jest.fn(() => Promise.resolve(session())),
    });
    // On the open cart page, where the panel offers it (choosing Swish there would start a QR code).
    store.dispatch(paymentActions.cartOpened());
    store.dispatch(paymentActions.swishPhoneChosen({ paymentMethodId: 'pm-swish', phone: '0701234567' }));
    await until(store, (s) => paymentView(s).state === 'STARTED' && paymentView(s).paymentId === 'p2');
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['cancel', 'start']);
    expect(startPayment).toHaveBeenCalledWith(
      SHOP,
      expect.objectContaining({
        customerInfo: expect.objectContaining({ phone: '0701234567', isMobile: false }),
      }),
    );
    expect(startPayment).toHaveBeenCalledWith(SHOP, expect.not.objectContaining({ kiosk: true }));
    expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
      selectedPaymentMethod: 'pm-swish',
      token: null,
    });
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('paid with the QR code while switching to the phone: the receipt shows and nothing more starts', async () => {
    const startPayment = jest.fn();
    const paid = session({
      paymentStatus: 'COMPLETED',
      paymentId: 'p1',
      receiptId: 'r1',
      paymentMethodId: 'pm-swish',
    });
    const { store } = storeAt(state(true, ...swishStarted()), {
      startPayment,
      cancelPayment: jest.fn(() => Promise.resolve()),
      getSession: jest.fn(() => Promise.resolve(paid)),
      putCart: jest.fn(() => Promise.resolve()),
    });
    store.dispatch(paymentActions.swishPhoneChosen({ paymentMethodId: 'pm-swish', phone: '0701234567' }));
    await until(store, (s) => s.kiosk.receiptId === 'r1');
    await new Promise((r) => setTimeout(r, 20));
    expect(startPayment).not.toHaveBeenCalled();
  });
});
