/**
 * Whether this device is a phone, where §2 Swish starts directly and switches to the app (the phone holds
 * the Swish app). Tablets and computers are not: there the customer enters the number of the phone that
 * has Swish. Chromium's client hint `mobile` is true only on phones; otherwise the user agent decides:
 * iPhone, iPod, Windows Phone, or Android with "Mobile" (Android tablets leave it out). iPads are not
 * phones, whether they say "iPad" or, as iPadOS 13+ Safari does, pose as a Mac with a touch screen, so
 * `platform` and `maxTouchPoints` (kept in the signature for callers) no longer change the answer.
 */
export function isMobileDevice(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints' | 'platform'> & {
    userAgentData?: { mobile?: boolean };
  },
): boolean {
  if (nav.userAgentData?.mobile) return true;
  const ua = nav.userAgent;
  if (/iPhone|iPod|Windows Phone/i.test(ua)) return true;
  return /Android/i.test(ua) && /Mobile/i.test(ua);
}

/** The device the shop runs on, known once at start-up (the saga context's `isMobile`): the store's `device`. */
export interface DeviceState {
  /** A phone or tablet: Swish opens its app there (§2). */
  mobile: boolean;
}

/** The store's `device` part: set once, when the store is made (app/store.ts), and never changed. */
export const deviceReducer = (state: DeviceState = { mobile: false }) => state;
