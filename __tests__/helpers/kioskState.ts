import type { Action } from '@reduxjs/toolkit';
import { makeStore, rootReducer, type RootState } from '../../src/app/store';
import { paymentFlowSaga } from '../../src/features/payment/startSagas';
import { DEFAULT_PROMPT_MS } from '../../src/features/kiosk/kioskMode';
import { initialKioskState } from '../../src/features/kiosk/kioskSlice';
import { paymentActions } from '../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../src/features/session/sessionSlice';
import { shopActions } from '../../src/features/shopState/shopSlice';
import type { Api } from '../../src/shared/api';
import { manualPageSignals } from '../../src/shared/pageSignals';
import { session, shopData } from './fixtures';
import { memoryStorage } from './memoryStorage';
import { fakeApi } from './testStore';

/** The café with Swish, loaded on a kiosk (`idleMs`) or, with null, in an ordinary browser; then `more`. */
export function cafeState(idleMs: number | null, ...more: Action[]): RootState {
  const data = shopData({ paymentMethods: [{ id: 'pm-swish', type: 'SWISH_TRADE', stripeAccountId: null }] });
  const start = {
    ...rootReducer(undefined, { type: '@@init' }),
    kiosk: initialKioskState(
      idleMs === null ? null : { idleMs, promptMs: DEFAULT_PROMPT_MS, language: null },
    ),
  };
  return [
    shopActions.loadRequested({ shopId: 'cafe' }),
    shopActions.loaded({ shopId: 'cafe', data }),
    sessionActions.loadRequested('cafe'),
    sessionActions.loaded({ shopId: 'cafe', session: session() }),
    ...more,
  ].reduce(rootReducer, start);
}

/** A Swish payment `paymentId` STARTED with a QR token. */
export const swishStarted = (paymentId = 'p1', token = 'tok-1'): Action[] => [
  paymentActions.startRequested({ paymentMethodId: 'pm-swish' }),
  paymentActions.started({ paymentId, token, clientSecret: null }),
];

/**
 * A real store (every reducer and saga, with the cart page's payment flow started as if the cart were open)
 * from `state`, the API doubles in `api`, the rest recorded.
 */
export function storeFrom(state: RootState, api: Partial<Api>, { isMobile = false } = {}) {
  const page = manualPageSignals();
  const storage = memoryStorage();
  const navigate = jest.fn();
  const assignLocation = jest.fn();
  const replaceLocation = jest.fn();
  const fullApi = fakeApi(api);
  const store = makeStore(
    {
      api: fullApi,
      navigate,
      assignLocation,
      origin: 'https://shop.test',
      isMobile,
      vivaCheckoutUrl: 'https://viva.test',
      storage,
      reportError: jest.fn(),
      page,
      currentSearch: () => '',
      replaceLocation,
    },
    state,
  );
  store.injectSagas([paymentFlowSaga]);
  return { store, page, storage, navigate, assignLocation, api: fullApi, replaceLocation };
}
