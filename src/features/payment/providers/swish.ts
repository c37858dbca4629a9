/** §2 Swish on a phone: the app link with the payment token and the address the app returns to. */
export function appLinkFor(token: string, callbackUrl: string): string {
  return `swish://paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(callbackUrl)}`;
}
