/**
 * The cart page's chunk (the cart, the payment methods and their panels). The router renders it lazily;
 * the cart links fetch it on intent (a pointer over or a finger on them, or focus) and the store page when
 * the browser is idle, so tapping "Go to cart" rarely waits for code.
 */
export const lazyCartPage = () => import(/* webpackChunkName: "cart" */ './CartPage');
