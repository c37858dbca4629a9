import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { cartReducer } from '../features/cart/cartSlice';
import { kioskReducer } from '../features/kiosk/kioskSlice';
import { integrationReducer } from '../features/integration/integrationSlice';
import { passwordResetReducer } from '../features/passwordReset/passwordResetSlice';
import { receiptDownloadReducer } from '../features/receipt/receiptDownloadSlice';
import { cardPaymentReducer } from '../features/payment/cardPaymentSlice';
import { paymentReducer } from '../features/payment/paymentSlice';
import { receiptReducer } from '../features/receipt/receiptSlice';
import { sessionReducer } from '../features/session/sessionSlice';
import { shopReducer } from '../features/shop/shopSlice';
import type { SagaContext } from '../shared/sagaContext';
import { rootSaga } from './rootSaga';

/** The device the shop runs on, known once at start-up (the saga context's `isMobile`). */
interface DeviceState {
  /** A phone or tablet: Swish opens its app there (§2). */
  mobile: boolean;
}
const deviceReducer = (state: DeviceState = { mobile: false }) => state;

export const rootReducer = combineReducers({
  device: deviceReducer,
  shop: shopReducer,
  session: sessionReducer,
  cart: cartReducer,
  payment: paymentReducer,
  kiosk: kioskReducer,
  cardPayment: cardPaymentReducer,
  receipt: receiptReducer,
  integration: integrationReducer,
  passwordReset: passwordResetReducer,
  receiptDownload: receiptDownloadReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds the store, the app's, the tests' and the host's render's alike. With a saga context (tests pass a
 * fake API and navigation through it) the sagas every page needs run. A screen in its own chunk brings its
 * sagas along and starts them with `injectSagas` when it first renders (see app/router.tsx): each saga runs
 * once per store, however often the screen mounts. Without a context no saga runs, not even a screen's: the
 * host's render (src/ssr) gives the state, and nothing may run or fetch while React renders it to HTML.
 */
export function makeStore(context?: SagaContext, preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: context ? { ...preloadedState, device: { mobile: context.isMobile } } : preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const started = new Set<Saga>();
  const injectSagas = (sagas: readonly Saga[]) => {
    if (!context) return;
    for (const saga of sagas) {
      if (started.has(saga)) continue;
      started.add(saga);
      sagaMiddleware.run(saga);
    }
  };
  injectSagas([rootSaga]);
  return Object.assign(store, { injectSagas });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
