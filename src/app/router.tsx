import { Suspense, type ComponentType } from 'react';
import { useStore } from 'react-redux';
import { Route, Routes } from 'react-router';
import type { Saga } from 'redux-saga';
import { lazyCartPage } from '../features/shop/lazyCartPage';
import { ShopLayout } from '../features/shop/ShopLayout';
import { lazyWithRetry } from '../shared/lazyWithRetry';
import { StorePage } from '../features/shop/StorePage';
import { APP_ROUTES } from '../shared/routes';
import { LoadingPage } from './LoadingPage';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorPage';
import { ScrollToTop } from './ScrollToTop';
import { addScreenReducers, type AppStore, type ScreenReducers } from './store';

/** What a screen's chunk exports: its component and, optionally, the sagas only that screen needs. */
type ScreenModule<K extends string> = { [key in K]: ComponentType } & {
  screenSagas?: readonly Saga[];
  screenReducers?: ScreenReducers;
};

/**
 * A screen in its own chunk. Its slices (the module's `screenReducers`, app/store.ts) join the store as its
 * code arrives, and its sagas (`screenSagas`) start once per store when it first renders, before any of its
 * effects can dispatch, so a screen's state and sagas arrive with its code and a visitor who never opens it
 * downloads none of them. `preload()` fetches the chunk ahead of a click (intent or idle time).
 * A chunk that failed to load is fetched again when the screen is asked for again (lazyWithRetry).
 */
export function lazyScreen<K extends string>(load: () => Promise<ScreenModule<K>>, name: K) {
  const Screen = lazyWithRetry(() =>
    load().then((module) => {
      const Component: ComponentType = module[name];
      const sagas = module.screenSagas ?? [];
      addScreenReducers(module.screenReducers ?? {});
      return {
        default: function ScreenWithSagas() {
          (useStore() as AppStore).injectSagas(sagas);
          return <Component />;
        },
      };
    }),
  );
  return Object.assign(Screen, { preload: load });
}

const CartPage = lazyScreen(lazyCartPage, 'CartPage');
const ProductPage = lazyScreen(() => import('../features/shop/ProductPage'), 'ProductPage');
const ReceiptPage = lazyScreen(() => import('../features/receipt/ReceiptPage'), 'ReceiptPage');
const RefundPolicyPage = lazyScreen(() => import('../features/shop/RefundPolicyPage'), 'RefundPolicyPage');
const IntegrationCallbackPage = lazyScreen(
  () => import('../features/integration/IntegrationCallbackPage'),
  'IntegrationCallbackPage',
);
const IntegrationStartPage = lazyScreen(
  () => import('../features/integration/IntegrationStartPage'),
  'IntegrationStartPage',
);
const CardPaymentPage = lazyScreen(() => import('../features/payment/CardPaymentPage'), 'CardPaymentPage');
const PasswordResetPage = lazyScreen(
  () => import('../features/passwordReset/PasswordResetPage'),
  'PasswordResetPage',
);
const DownloadPage = lazyScreen(() => import('../features/receipt/DownloadPage'), 'DownloadPage');
const ReceiptDownloadPage = lazyScreen(
  () => import('../features/receipt/ReceiptDownloadPage'),
  'ReceiptDownloadPage',
);

/**
 * The §2 routes. The shop layout and store page, where nearly every visit starts, are in the main bundle
 * (a lazy chunk there would cost a round trip before the shop's own requests can start); every other
 * screen is its own chunk, so a customer downloads nothing of the merchant pages (and firebase only on the
 * password reset route). Navigations are transitions: the page on screen stays until the next one's code
 * has arrived; only a first load shows the loading page.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      <Suspense fallback={<LoadingPage />}>
        <Routes>
          <Route index element={<NotFoundPage />} />
          <Route path=":webshopId" element={<ShopLayout />}>
            <Route index element={<StorePage />} />
            <Route path="cart" element={<CartPage />} />
            <Route path="products/:productId" element={<ProductPage />} />
            <Route path="receipt/:receiptId" element={<ReceiptPage />} />
            <Route path="refundPolicy" element={<RefundPolicyPage />} />
            {/* No splat here: '/:webshopId/*' would take '/no/such/page' or '/company/x' for a shop called
                'no' or 'company' and answer "Shop not found"; unknown paths belong to the 404 route below. */}
          </Route>
          {/* The paths of the pages that are no shop's come from shared/routes.ts, where the early start and the
              host's render read which first segments are never a shop. */}
          {APP_ROUTES.integrationCallbacks.map((path) => (
            <Route key={path} path={path} element={<IntegrationCallbackPage />} />
          ))}
          <Route path={APP_ROUTES.integrationStart} element={<IntegrationStartPage />} />
          <Route path={APP_ROUTES.cardPayment} element={<CardPaymentPage />} />
          <Route path={APP_ROUTES.passwordReset} element={<PasswordResetPage />} />
          <Route path={APP_ROUTES.download} element={<DownloadPage />} />
          <Route path={APP_ROUTES.receiptDownload} element={<ReceiptDownloadPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
