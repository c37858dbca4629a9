/**
 * The cart page's chunk (the cart, the payment methods and their panels). The router renders it lazily;
 * the cart links fetch it on intent (a pointer over or a finger on them, or focus) and the store page when
 * the browser is idle, so tapping "Go to cart" rarely waits for code.
 */
export const lazyCartPage = () => import(/* webpackChunkName: "cart" */ './CartPage');

const preload = () => void lazyCartPage().catch(() => undefined); // a failed preload: the click retries

/** Props for a link to the cart: its code starts loading when a pointer or finger lands on it, or it gets focus. */
export const preloadCartOnIntent = { onPointerEnter: preload, onTouchStart: preload, onFocus: preload };

/** Fetches the cart page's code once the browser has nothing else to do (after the first screen is drawn). */
export function preloadCartWhenIdle(): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(preload, { timeout: 5000 });
  return () => cancelIdleCallback(id);
}
