import { Suspense, type ComponentProps } from 'react';
import { lazyWithRetry } from '../../shared/lazyWithRetry';
import { LoadBoundary } from '../../shared/ui/LoadBoundary';

const load = () => import(/* webpackChunkName: "product-popup" */ './ProductPopupDialog');
const ProductPopupDialog = lazyWithRetry(() => load().then((m) => ({ default: m.ProductPopupDialog })));

/**
 * §2 product popup (also used to edit a cart item). Its code (the dialog, the extras picker, the form) is
 * a chunk of its own: the store's first screen does not wait for it, and the store fetches it when idle
 * (see ShopLayout), so opening a product rarely waits.
 */
export function ProductPopup(props: ComponentProps<typeof ProductPopupDialog>) {
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <ProductPopupDialog {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

/** Fetches the popup's code ahead of its first opening. */
export const preloadProductPopup = () => void load().catch(() => undefined);
