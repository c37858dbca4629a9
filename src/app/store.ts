import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
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

export const rootReducer = combineReducers({
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

/** Builds the store with its sagas running; tests pass a fake API and navigation through the context. */
export function makeStore(context: SagaContext, preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
