import { isMobileDevice } from '../../src/shared/device';

type Nav = Parameters<typeof isMobileDevice>[0];

// Real user agents as these browsers send them (Chrome's reduced UA for Android: "Android 10; K").
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ANDROID_PHONE_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';
const ANDROID_TABLET_FIREFOX = 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0';
const IPAD_OLD =
  'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1';
// iPadOS 13+ Safari (here 17) asks for the desktop site: a Mac user agent, told apart only by touch.
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WINDOWS_PHONE =
  'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063';

function nav(userAgent: string, platform: string, maxTouchPoints: number, mobileHint?: boolean): Nav {
  return {
    userAgent,
    platform,
    maxTouchPoints,
    ...(mobileHint === undefined ? {} : { userAgentData: { mobile: mobileHint } }),
  };
}

describe('isMobileDevice: §2 Swish starts directly only on a phone device', () => {
  it.each<[string, Nav]>([
    ['iPhone (Safari)', nav(IPHONE, 'iPhone', 5)],
    ['Android phone (Chrome, with client hints)', nav(ANDROID_PHONE_CHROME, 'Linux armv81', 5, true)],
    ['Android phone (Chrome, user agent only)', nav(ANDROID_PHONE_CHROME, 'Linux armv81', 5)],
    ['Android phone (Firefox)', nav(ANDROID_PHONE_FIREFOX, 'Linux aarch64', 5)],
    ['Windows Phone (Edge)', nav(WINDOWS_PHONE, 'ARM', 5)],
  ])('counts %s as a phone', (_name, device) => {
    expect(isMobileDevice(device)).toBe(true);
  });

  it.each<[string, Nav]>([
    [
      'an Android tablet (Chrome, no "Mobile", with client hints)',
      nav(ANDROID_TABLET_CHROME, 'Linux armv81', 10, false),
    ],
    ['an Android tablet (Chrome, user agent only)', nav(ANDROID_TABLET_CHROME, 'Linux armv81', 10)],
    ['an Android tablet (Firefox)', nav(ANDROID_TABLET_FIREFOX, 'Linux aarch64', 10)],
    ['an iPad with the old iPad user agent', nav(IPAD_OLD, 'iPad', 5)],
    ['an iPad on iPadOS 17 (Macintosh user agent and a touch screen)', nav(MAC_SAFARI, 'MacIntel', 5)],
    ['a desktop Mac', nav(MAC_SAFARI, 'MacIntel', 0)],
    ['a Windows PC (Chrome, with client hints)', nav(WINDOWS_CHROME, 'Win32', 0, false)],
    ['a Windows laptop with a touch screen', nav(WINDOWS_CHROME, 'Win32', 10)],
  ])('does not count %s as a phone', (_name, device) => {
    expect(isMobileDevice(device)).toBe(false);
  });
});
