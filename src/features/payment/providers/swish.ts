/** §2 where the Swish app returns the customer to: the shop's cart page. */
export function swishCallbackUrl(origin: string, shopId: string): string {
  return `${origin}/${encodeURIComponent(shopId)}/cart`;
}

/** §2 Swish on a phone: the app link with the payment token and the address the app returns to. */
export function appLinkFor(token: string, callbackUrl: string): string {
  return `swish://paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(callbackUrl)}`;
}

/**
 * The text of the QR code a counter terminal shows for a payment request (Swish's q-commerce flow, "QR codes
 * for terminals"): the request's token prefixed with `D`. The customer scans it with the Swish app on their
 * own phone, which then shows the request, exactly as if the app had been opened with the token.
 */
export function qrPayloadFor(token: string): string {
  return `D${token}`;
}
