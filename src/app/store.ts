import {
  combineReducers,
  configureStore,
  type Middleware,
  type Reducer,
  type StateFromReducersMapObject,
  type UnknownAction,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { cartReducer } from '../features/cart/cartSlice';
import { kioskReducer } from '../features/kiosk/kioskSlice';
import type { IntegrationState } from '../features/integration/integrationSlice';
import type { PasswordResetState } from '../features/passwordReset/passwordResetSlice';
import type { ReceiptDownloadState } from '../features/receipt/receiptDownloadSlice';
import { cardPaymentReducer } from '../features/payment/cardPaymentSlice';
import { paymentReducer } from '../features/paymentState/paymentSlice';
import { receiptReducer } from '../features/receipt/receiptSlice';
import { sessionReducer } from '../features/session/sessionSlice';
import { shopReducer } from '../features/shopState/shopSlice';
import { deviceReducer } from '../shared/device';
import type { SagaContext } from '../shared/sagaContext';
import { rootSaga } from './rootSaga';

/** The slices the store page and the screens a customer opens from it need: in the main bundle. */
const reducers = {
  device: deviceReducer,
  shop: shopReducer,
  session: sessionReducer,
  cart: cartReducer,
  payment: paymentReducer,
  kiosk: kioskReducer,
  cardPayment: cardPaymentReducer,
  receipt: receiptReducer,
};

/**
 * The slices of screens in their own chunks that only that screen reads (the bookkeeping link, the password
 * reset, the receipt download): each arrives with its screen's code (`screenReducers`, app/router.tsx), so a
 * customer's first load carries none of them (issue 39 paid its bytes with them). Until then a slice's
 * state is absent and its selectors read its initial state.
 */
export interface ScreenState {
  integration?: IntegrationState;
  passwordReset?: PasswordResetState;
  receiptDownload?: ReceiptDownloadState;
}
export type ScreenReducers = { [K in keyof ScreenState]?: Reducer<NonNullable<ScreenState[K]>> };

export type RootState = StateFromReducersMapObject<typeof reducers> & ScreenState;

const screenReducers: ScreenReducers = {};
type RootReducer = Reducer<RootState, UnknownAction, Partial<RootState>>;
let combined: RootReducer = combineReducers(reducers);

/** Adds a screen's slices to every store, once; each starts from its initial state at the next action. */
export function addScreenReducers(more: ScreenReducers) {
  if (Object.keys(more).every((key) => key in screenReducers)) return;
  Object.assign(screenReducers, more);
  combined = combineReducers({ ...reducers, ...screenReducers }) as RootReducer;
}

export const rootReducer: RootReducer = (state, action) => combined(state, action);

/** Hears an action after the reducers ran, with when it was dispatched (epoch ms). */
type ActionListener = (action: UnknownAction, at: number) => void;

/**
 * Actions for the field metrics' payment funnel (app/fieldMetrics.ts), which loads after the first paint:
 * until it listens, the first ones are kept with their times (a return from a provider's page completes a
 * payment before then), and handed over when it does.
 */
function actionTap() {
  const early: [UnknownAction, number][] = [];
  let listener: ActionListener | null = null;
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    if (listener) listener(action as UnknownAction, Date.now());
    else if (early.length < 200) early.push([action as UnknownAction, Date.now()]);
    return result;
  };
  const listen = (heard: ActionListener) => {
    listener = heard;
    for (const [action, at] of early.splice(0)) heard(action, at);
  };
  return { middleware, listen };
}

/**
 * Builds the store, the app's, the tests' and the host's render's alike. With a saga context (tests pass a
 * fake API and navigation through it) the sagas every page needs run. A screen in its own chunk brings its
 * sagas along and starts them with `injectSagas` when it first renders (see app/router.tsx): each saga runs
 * once per store, however often the screen mounts. Without a context no saga runs, not even a screen's: the
 * host's render (src/ssr) gives the state, and nothing may run or fetch while React renders it to HTML.
 */
export function makeStore(context?: SagaContext, preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const tap = actionTap();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: context ? { ...preloadedState, device: { mobile: context.isMobile } } : preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, tap.middleware),
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
  return Object.assign(store, { injectSagas, listenActions: tap.listen });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
