import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage';
import { ShopLayout } from '../features/shop/ShopLayout';
import { StorePage } from '../features/shop/StorePage';
import { RouteErrorPage } from './RouteErrorPage';
import { LoadingPage } from './LoadingPage';

/**
 * The §2 routes. The shop layout and store page, where nearly every visit starts, are in the main bundle
 * (a lazy chunk there would cost a round trip before the shop's own requests can start); every other
 * screen is its own lazily loaded chunk, so a customer downloads nothing of the merchant pages (and
 * firebase only on the password reset route).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's code loads (every screen is a lazy chunk).
    HydrateFallback: LoadingPage,
    children: [
      { index: true, element: <NotFoundPage /> },
      {
        path: ':webshopId',
        Component: ShopLayout,
        children: [
          { index: true, Component: StorePage },
          {
            path: 'cart',
            lazy: () => import('../features/cart/CartPage').then((m) => ({ Component: m.CartPage })),
          },
          {
            path: 'products/:productId',
            lazy: () => import('../features/shop/ProductPage').then((m) => ({ Component: m.ProductPage })),
          },
          {
            path: 'receipt/:receiptId',
            lazy: () => import('../features/receipt/ReceiptPage').then((m) => ({ Component: m.ReceiptPage })),
          },
          {
            path: 'refundPolicy',
            lazy: () =>
              import('../features/shop/RefundPolicyPage').then((m) => ({ Component: m.RefundPolicyPage })),
          },
          // No splat here: '/:webshopId/*' would take '/no/such/page' or '/company/x' for a shop called
          // 'no' or 'company' and answer "Shop not found"; unknown paths belong to the 404 route below.
        ],
      },
      ...['stripe', 'integrateFortnox', 'integrateVisma'].map((path) => ({
        path,
        lazy: () =>
          import('../features/integration/IntegrationCallbackPage').then((m) => ({
            Component: m.IntegrationCallbackPage,
          })),
      })),
      {
        path: 'integrate/:bookkeeper/:companyId/:authCode',
        lazy: () =>
          import('../features/integration/IntegrationStartPage').then((m) => ({
            Component: m.IntegrationStartPage,
          })),
      },
      {
        path: 'company/:companyId/payment/:paymentIntentId',
        lazy: () =>
          import('../features/payment/CardPaymentPage').then((m) => ({ Component: m.CardPaymentPage })),
      },
      {
        path: 'auth/passwordreset',
        lazy: () =>
          import('../features/passwordReset/PasswordResetPage').then((m) => ({
            Component: m.PasswordResetPage,
          })),
      },
      {
        path: 'download',
        lazy: () => import('../features/receipt/DownloadPage').then((m) => ({ Component: m.DownloadPage })),
      },
      {
        path: 'receipt/:companyId/:receiptId',
        lazy: () =>
          import('../features/receipt/ReceiptDownloadPage').then((m) => ({
            Component: m.ReceiptDownloadPage,
          })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
