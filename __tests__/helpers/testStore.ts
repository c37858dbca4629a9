import { addScreenReducers, makeStore, type RootState } from '../../src/app/store';
import { screenReducers as integration } from '../../src/features/integration/IntegrationCallbackPage';
import { screenReducers as passwordReset } from '../../src/features/passwordReset/PasswordResetPage';
import { screenReducers as receiptDownload } from '../../src/features/receipt/ReceiptDownloadPage';
import { paymentFlowSaga } from '../../src/features/payment/startSagas';
import { memoryStorage } from './memoryStorage';
import { manualPageSignals } from '../../src/shared/pageSignals';
import type { Api } from '../../src/shared/api';
import type { Session, ShopData } from '../../src/domain/types';
import { sessionActions } from '../../src/features/session/sessionSlice';
import { shopActions } from '../../src/features/shopState/shopSlice';
import { session as emptySession, shopData } from './fixtures';

/** An Api whose every call fails loudly unless the test provides it. */
export function fakeApi(overrides: Partial<Api> = {}): Api {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected API call: ${name}`));
  const api = {} as Record<string, unknown>;
  for (const name of [
    'getShop',
    'getSession',
    'putCart',
    'startPayment',
    'cancelPayment',
    'getReceipt',
    'emailReceipt',
    'submitReference',
    'integrate',
    'getIntegrationUrl',
    'getReceiptPdf',
    'getPaymentIntent',
  ]) {
    api[name] = jest.fn(unexpected(name));
  }
  api.receiptDownloadUrl = (shopId: string, receiptId: string) =>
    `/api/v2/webshop/${shopId}/receipt/${receiptId}/download`;
  return { ...(api as unknown as Api), ...overrides };
}

/**
 * A real store (reducers and sagas) with a fake API and recorded navigation, optionally preloaded. The cart
 * page's payment flow runs too, as it does in the app once the cart page has opened (payments start only
 * there): tests that start payments from the store need it.
 */
export function testStore(api: Partial<Api> = {}, preloaded?: Partial<RootState>) {
  const navigate = jest.fn();
  const assignLocation = jest.fn();
  const replaceLocation = jest.fn();
  const reportError = jest.fn();
  const storage = memoryStorage();
  const page = manualPageSignals();
  // Every screen's slices, as if each screen's code had arrived (app/router.tsx `lazyScreen`).
  addScreenReducers({ ...integration, ...passwordReset, ...receiptDownload });
  const store = makeStore(
    {
      api: fakeApi(api),
      navigate,
      assignLocation,
      origin: 'http://shop.test',
      isMobile: false,
      reportError,
      vivaCheckoutUrl: 'https://viva.test/web/checkout',
      storage,
      page,
      currentSearch: () => '',
      replaceLocation,
    },
    preloaded,
  );
  store.injectSagas([paymentFlowSaga]);
  return { store, navigate, assignLocation, reportError, storage, page, replaceLocation };
}

/** Resolves once the store's state satisfies `predicate` (fails after `ms`). */
export function until(
  store: ReturnType<typeof makeStore>,
  predicate: (state: ReturnType<typeof store.getState>) => boolean,
  ms = 2000,
) {
  return new Promise<void>((resolve, reject) => {
    if (predicate(store.getState())) return resolve();
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('state never satisfied the condition'));
    }, ms);
    const unsubscribe = store.subscribe(() => {
      if (!predicate(store.getState())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

/** A store that has loaded `data` and `session` through its sagas, as the shop layout makes it do. */
export async function loadedStore(
  data: ShopData = shopData(),
  session: Session = emptySession(),
  api: Partial<Api> = {},
) {
  const result = testStore({
    getShop: () => Promise.resolve(data),
    getSession: () => Promise.resolve(session),
    ...api,
  });
  const shopId = data.shop.shopId;
  result.store.dispatch(shopActions.loadRequested({ shopId }));
  result.store.dispatch(sessionActions.loadRequested(shopId));
  await until(result.store, (s) => s.shop.status === 'loaded' && s.session.initialLoadDone);
  return result;
}
