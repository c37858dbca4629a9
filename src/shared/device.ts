/**
 * Whether this device is a phone or tablet that can open a payment app itself (§2 Swish: on a phone the
 * payment starts directly and switches to the app). Client hints first, the user agent as fallback;
 * iPadOS reports itself as a Mac, so a Mac with a touch screen counts as a tablet.
 */
export function isMobileDevice(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints' | 'platform'> & {
    userAgentData?: { mobile?: boolean };
  },
): boolean {
  if (nav.userAgentData?.mobile) return true;
  if (/Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && nav.maxTouchPoints > 1;
}
