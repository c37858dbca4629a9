/**
 * The cart page's chunk (the cart, the payment methods and their panels). The router renders it lazily;
 * the cart links fetch it on intent (a pointer over or a finger on them, or focus) and the store page when
 * the browser is idle, so tapping "Go to cart" rarely waits for code.
 */
export const lazyCartPage = () => import(/* webpackChunkName: "cart" */ './CartPage');

/** Fetches the cart page's code ahead of a click (a failed preload is retried by the click itself). */
export const preloadCartPage = () => void lazyCartPage().catch(() => undefined);

/** Props for a link to the cart: its code starts loading when a pointer or finger lands on it, or it gets focus. */
export const preloadCartOnIntent = {
  onPointerEnter: preloadCartPage,
  onTouchStart: preloadCartPage,
  onFocus: preloadCartPage,
};
