/**
 * §4 a cart change cancels a pending payment, and the changed cart reaches the server only once the cancel
 * has: a payment rule (pendingSagas.ts: a pending payment's DROPS and selectCartSaveHeld), started from the main bundle
 * so that it holds on every page, not only where the cart page's sagas run. The cart's own sync knows nothing
 * of payments; app/rootSaga.ts hands it the payment's hold.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '../../../src/app/store';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import { manualPageSignals } from '../../../src/shared/pageSignals';
import { session, shopData } from '../../helpers/fixtures';
import { memoryStorage } from '../../helpers/memoryStorage';
import { renderApp } from '../../helpers/renderApp';
import { fakeApi, until } from '../../helpers/testStore';
import { paymentView } from '../../helpers/paymentView';

const pending = session({ paymentStatus: 'STARTED', paymentId: 'pay-1', paymentMethodId: 'pm-swish' });

describe('§4 a cart change during a pending payment (payment rule)', () => {
  it('§4 a cart change during a pending payment cancels it before the changed cart is sent', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const putCart = jest.fn(() => Promise.resolve());
    const { user, store } = await renderApp('/cafe', {
      session: pending,
      api: { cancelPayment, putCart },
    });
    await waitFor(() => expect(paymentView(store.getState()).paymentId).toBe('pay-1'));
    const bun = await screen.findByRole('article', { name: 'Bun' });
    await user.click(within(bun).getByRole('button', { name: 'Add Bun to the cart' }));
    const question = await screen.findByRole('alertdialog', { name: 'Change your order?' });
    await user.click(within(question).getByRole('button', { name: 'Change order' }));
    await waitFor(() => expect(putCart).toHaveBeenCalled());
    expect(cancelPayment).toHaveBeenCalledWith('cafe');
    expect(cancelPayment.mock.invocationCallOrder[0]).toBeLessThan(putCart.mock.invocationCallOrder[0]!);
    expect(paymentView(store.getState()).state).toBe('NOT_STARTED');
    expect(paymentView(store.getState()).paymentId).toBeNull();
  });

  it('§4 the cart-change cancel holds on every page: with only the main bundle’s sagas, the cart waits for the cancel', async () => {
    const order: string[] = [];
    let answerCancel = () => {};
    const cancelPayment = jest.fn(
      () => new Promise<void>((resolve) => (answerCancel = () => (order.push('cancelled'), resolve()))),
    );
    const putCart = jest.fn(() => (order.push('put'), Promise.resolve()));
    const store = makeStore({
      api: fakeApi({
        getShop: () => Promise.resolve(shopData()),
        getSession: jest.fn().mockResolvedValueOnce(pending).mockResolvedValue(session()),
        cancelPayment,
        putCart,
      }),
      navigate: jest.fn(),
      assignLocation: jest.fn(),
      replaceLocation: jest.fn(),
      reportError: jest.fn(),
      origin: 'https://shop.test',
      isMobile: false,
      vivaCheckoutUrl: 'https://viva.test',
      storage: memoryStorage(),
      page: manualPageSignals(),
      currentSearch: () => '',
    });
    // No injectSagas: the cart page (and its payment flow) never opened.
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    store.dispatch(sessionActions.loadRequested('cafe'));
    await until(store, (s) => paymentView(s).state === 'STARTED');
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }));
    await until(store, (s) => paymentView(s).cancelling === 'sending');
    await new Promise((r) => setTimeout(r, 20));
    expect(putCart).not.toHaveBeenCalled();
    answerCancel();
    await until(store, () => putCart.mock.calls.length > 0);
    expect(order).toEqual(['cancelled', 'put']);
    expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
      state: 'NOT_STARTED',
      paymentId: null,
    });
  });

  it('§4 a cart change while a payment is STARTED asks first, naming the provider: "Keep paying" leaves cart and payment as they were', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { user, store, api } = await renderApp('/cafe', { session: pending, api: { cancelPayment } });
    await waitFor(() => expect(paymentView(store.getState()).state).toBe('STARTED'));
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    const question = await screen.findByRole('alertdialog', { name: 'Change your order?' });
    expect(question).toHaveAccessibleDescription(
      'Changing your order cancels the Swish request. Change it anyway?',
    );
    expect(store.getState().cart.ids).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Keep paying' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect([store.getState().cart.ids, paymentView(store.getState()).state]).toEqual([[], 'STARTED']);
    expect(cancelPayment).not.toHaveBeenCalled();
    expect(api.putCart).not.toHaveBeenCalled();
  });

  it('§4 the question goes when the payment ends before the customer answers (paid elsewhere, say)', async () => {
    const { user, store } = await renderApp('/cafe', { session: pending });
    await waitFor(() => expect(paymentView(store.getState()).state).toBe('STARTED'));
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    await screen.findByRole('alertdialog', { name: 'Change your order?' });
    act(() => {
      store.dispatch(
        sessionActions.loaded({
          shopId: 'cafe',
          session: session({ paymentStatus: 'FAILED', paymentId: 'pay-1', paymentMethodId: 'pm-swish' }),
        }),
      );
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('§4 without a payment id a cart change sends no cancel', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { user, api } = await renderApp('/cafe', { api: { cancelPayment } });
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    await waitFor(() => expect(api.putCart).toHaveBeenCalled());
    expect(cancelPayment).not.toHaveBeenCalled();
  });
});
