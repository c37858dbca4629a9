/**
 * §2 Viva Wallet: the hosted checkout with the payment reference (order code) and the shop's primary
 * colour without '#'. The colour comes from the derived theme, so it is always a checked hex colour.
 */
export function checkoutUrl(base: string, orderCode: string, primaryColor: string): string {
  const url = new URL(base, 'http://placeholder.invalid');
  url.searchParams.set('ref', orderCode);
  url.searchParams.set('color', primaryColor.replace(/^#/, ''));
  // A relative base (the demo's own checkout) stays relative.
  return url.origin === 'http://placeholder.invalid' ? `${url.pathname}${url.search}` : url.toString();
}
