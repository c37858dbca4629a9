import type { Action } from '@reduxjs/toolkit';
import { rootReducer } from '../../../src/app/store';
import { cartActions } from '../../../src/features/cart/cartSlice';
import {
  selectCanChoosePayment,
  selectCustomerFieldRules,
  selectIsCustomerFormValid,
  selectVisibleCustomerErrors,
} from '../../../src/features/payment/paymentSelectors';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { session, shopData } from '../../helpers/fixtures';
import { loadedStore as loaded, until } from '../../helpers/testStore';
import type { Session, ShopData } from '../../../src/domain/types';
import { paymentView } from '../../helpers/paymentView';

/** The state machine on a real store; the start saga's request stays pending so only the reducers act. */
const loadedStore = (data?: ShopData, s?: Session) =>
  loaded(data, s, { startPayment: () => new Promise(() => undefined) });

const started = { paymentId: 'p1', token: null, clientSecret: null };
const error = { code: 'X', message: 'boom' };

describe('§4 payment state machine', () => {
  it('start goes to LOADING and clears the error and stock errors', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.startFailed({ error, stockLevels: [{ id: 'bun', stock: 0 }] }));
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    const p = { ...store.getState().payment, ...paymentView(store.getState()) };
    expect([p.state, p.error, p.articleStockErrors]).toEqual(['LOADING', null, {}]);
  });

  it('a start while LOADING is ignored', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    expect(store.getState().payment.selectedPaymentMethod).toBe('pm-viva');
  });

  it('success gives STARTED and stores the payment id', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.started(started));
    expect([paymentView(store.getState()).state, paymentView(store.getState()).paymentId]).toEqual([
      'STARTED',
      'p1',
    ]);
  });

  it('a failed start gives ERROR with the message', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.startFailed({ error }));
    expect([paymentView(store.getState()).state, paymentView(store.getState()).error]).toEqual([
      'ERROR',
      error,
    ]);
  });

  it('a start answer that arrives when no start is pending is ignored', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.started(started));
    expect(paymentView(store.getState()).state).toBe('NOT_STARTED');
  });

  it('cancelling a STARTED payment keeps it pending until the server confirms, then resets to NOT_STARTED and clears error, payment id and the selected method', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.started(started));
    store.dispatch(paymentActions.cancelRequested());
    expect([paymentView(store.getState()).state, paymentView(store.getState()).cancelling]).toEqual([
      'STARTED',
      'sending',
    ]);
    store.dispatch(paymentActions.cancelFailed());
    expect([paymentView(store.getState()).state, paymentView(store.getState()).cancelling]).toEqual([
      'STARTED',
      'retrying',
    ]);
    store.dispatch(paymentActions.cancelConfirmed({ paymentId: started.paymentId }));
    const p = { ...store.getState().payment, ...paymentView(store.getState()) };
    expect([p.state, p.error, p.paymentId, p.selectedPaymentMethod, p.cancelling]).toEqual([
      'NOT_STARTED',
      null,
      null,
      null,
      null,
    ]);
  });

  it('a cancel confirmation for another payment is ignored', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.started(started));
    store.dispatch(paymentActions.cancelConfirmed({ paymentId: 'someone-else' }));
    expect(paymentView(store.getState()).state).toBe('STARTED');
  });

  it('choosing another method after a failure clears the old method’s error (no stale error)', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    store.dispatch(paymentActions.startFailed({ error: { code: 'PHONE_REQUIRED', message: '' } }));
    store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-viva' }));
    const p = { ...store.getState().payment, ...paymentView(store.getState()) };
    expect([p.state, p.error, p.selectedPaymentMethod]).toEqual(['NOT_STARTED', null, 'pm-viva']);
  });

  it('choosing another method after a declined card keeps its payment id, so the saga cancels what the provider holds open', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { store } = await loaded(undefined, undefined, {
      startPayment: () => Promise.resolve({ paymentId: 'p1', clientSecret: 's' }),
      cancelPayment,
    });
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    await until(store, (s) => paymentView(s).state === 'STARTED');
    store.dispatch(paymentActions.providerFailed({ error: { code: 'CARD_DECLINED', message: 'declined' } }));
    store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-swish' }));
    await until(store, (s) => paymentView(s).paymentId === null);
    expect(cancelPayment).toHaveBeenCalledWith('cafe');
    expect(store.getState().payment.selectedPaymentMethod).toBe('pm-swish');
  });

  // On a real store the completion saga moves on to the receipt at once, so these two check the reducer alone.
  const reduce = (...actions: Action[]) =>
    actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
  const arrived = [sessionActions.loadRequested('cafe')];

  it('a completed payment cannot be cancelled', () => {
    const state = reduce(
      ...arrived,
      sessionActions.loaded({
        shopId: 'cafe',
        session: session({ paymentStatus: 'COMPLETED', receiptId: 'r1', paymentId: 'p1' }),
      }),
      paymentActions.cancelRequested(),
    );
    expect(paymentView(state).state).toBe('COMPLETED');
  });

  it('selecting the chosen method again deselects it', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-swish' }));
    expect(store.getState().payment.selectedPaymentMethod).toBe('pm-swish');
    store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-swish' }));
    expect(store.getState().payment.selectedPaymentMethod).toBeNull();
  });

  it('adding an item resets the payment to NOT_STARTED', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(paymentActions.startFailed({ error }));
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }));
    expect([paymentView(store.getState()).state, paymentView(store.getState()).error]).toEqual([
      'NOT_STARTED',
      null,
    ]);
  });

  it('changing the shop id clears the payment state', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.customerFieldChanged({ field: 'name', value: 'Ada' }));
    store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-swish' }));
    store.dispatch(sessionActions.loadRequested('other'));
    expect(store.getState().payment.selectedPaymentMethod).toBeNull();
    expect(store.getState().payment.customer.name).toBe('');
  });

  it('a session that reports COMPLETED with a receipt id completes the payment', () => {
    const state = reduce(
      ...arrived,
      paymentActions.startRequested({ paymentMethodId: 'pm-viva' }),
      paymentActions.started(started),
      sessionActions.loaded({
        shopId: 'cafe',
        session: session({ paymentStatus: 'COMPLETED', paymentId: 'p1', receiptId: 'r9' }),
      }),
    );
    expect([paymentView(state).state, paymentView(state).receiptId]).toEqual(['COMPLETED', 'r9']);
  });

  it('a payment left running is picked up from the session as STARTED', async () => {
    const { store } = await loadedStore(
      shopData(),
      session({ paymentStatus: 'STARTED', paymentId: 'p7', paymentMethodId: 'pm-swish' }),
    );
    const p = { ...store.getState().payment, ...paymentView(store.getState()) };
    expect([p.state, p.paymentId, p.selectedPaymentMethod]).toEqual(['STARTED', 'p7', 'pm-swish']);
  });

  it.each(['FAILED', 'ERROR', 'CANCELLED'] as const)(
    'a session reporting %s ends a started payment with its message',
    async (status) => {
      const { store } = await loadedStore();
      store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
      store.dispatch(paymentActions.started(started));
      store.dispatch(
        sessionActions.loaded({
          shopId: 'cafe',
          session: session({ paymentStatus: status, paymentId: 'p1', message: 'RF07' }),
        }),
      );
      expect([paymentView(store.getState()).state, paymentView(store.getState()).error]).toEqual([
        status,
        { code: status, message: 'RF07' },
      ]);
    },
  );
});

describe('§5 customer form validity', () => {
  it('without config only email and phone are shown, none required', async () => {
    const { store } = await loadedStore();
    const rules = selectCustomerFieldRules(store.getState());
    expect(
      Object.entries(rules)
        .filter(([, r]) => r.active)
        .map(([f]) => f)
        .sort(),
    ).toEqual(['email', 'phone']);
    expect(selectIsCustomerFormValid(store.getState())).toBe(true);
  });

  it('a required field makes the form invalid until filled, its message shown once touched', async () => {
    const inputs = {
      nameInput: { active: true, required: true },
      emailInput: { active: true, required: false },
      phoneInput: { active: false, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: false, required: false },
    };
    const { store } = await loadedStore(shopData({ shop: { ...shopData().shop, customerInputs: inputs } }));
    expect(selectIsCustomerFormValid(store.getState())).toBe(false);
    expect(selectVisibleCustomerErrors(store.getState())).toEqual({});
    store.dispatch(paymentActions.customerFieldTouched('name'));
    expect(selectVisibleCustomerErrors(store.getState())).toEqual({
      name: { key: 'validation.required', field: 'name' },
    });
    store.dispatch(paymentActions.customerFieldChanged({ field: 'name', value: 'Ada' }));
    expect(selectIsCustomerFormValid(store.getState())).toBe(true);
  });

  it('an optional e-mail that is filled in must look like an e-mail', async () => {
    const { store } = await loadedStore();
    store.dispatch(paymentActions.customerFieldChanged({ field: 'email', value: 'ada @example.com' }));
    expect(selectIsCustomerFormValid(store.getState())).toBe(false);
  });

  it('payment choices appear only with a valid form and something in the cart', async () => {
    const { store } = await loadedStore();
    expect(selectCanChoosePayment(store.getState())).toBe(false);
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }));
    expect(selectCanChoosePayment(store.getState())).toBe(true);
    store.dispatch(paymentActions.customerFieldChanged({ field: 'email', value: 'not-an-email' }));
    expect(selectCanChoosePayment(store.getState())).toBe(false);
  });
});
