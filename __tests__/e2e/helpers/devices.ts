import {
  devices,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/**
 * Phones and tablets as the shop meets them (§2 Swish: a phone switches to the app, anything else asks for
 * the number), emulated in Debian's Chromium. What Chromium cannot pretend by itself is patched in before
 * any script of the page runs: Safari has no `navigator.userAgentData` (Chromium would report
 * `mobile: true` for every `isMobile` context), and an iPad reports the platform and touch points of the
 * real device (iPadOS 13+ even says it is a Mac: 'MacIntel' with 5 touch points).
 */
export interface EmulatedDevice {
  name: string;
  options: BrowserContextOptions;
  /** Navigator facts a real device has and Chromium's emulation does not give. */
  navigator?: { platform?: string; maxTouchPoints?: number; noUserAgentData?: boolean };
}

// Device descriptors name their default browser; a context of Debian's Chromium takes the rest.
function descriptor(name: string): BrowserContextOptions {
  const device = devices[name];
  if (!device) throw new Error(`Playwright has no device '${name}'`);
  const { defaultBrowserType: _browser, ...options } = device;
  return options;
}

/** iPadOS 17 Safari: a Mac user agent ('Macintosh; Intel Mac OS X'), touch, no "Mobile", no UA hints. */
export const IPAD_OS_17: EmulatedDevice = {
  name: 'iPad (iPadOS 17)',
  options: {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    viewport: { width: 820, height: 1180 },
    deviceScaleFactor: 2,
    isMobile: false,
    hasTouch: true,
  },
  navigator: { platform: 'MacIntel', maxTouchPoints: 5, noUserAgentData: true },
};

/** Playwright's 'iPad (gen 7)': the older iPad user agent ('iPad; CPU OS … Mobile/…'), touch. */
export const IPAD_GEN_7: EmulatedDevice = {
  name: 'iPad (gen 7)',
  options: descriptor('iPad (gen 7)'),
  navigator: { platform: 'iPad', maxTouchPoints: 5, noUserAgentData: true },
};

/**
 * An Android tablet in Chrome: 'Android' without 'Mobile' in the user agent, and (as Chrome on a tablet
 * says) `userAgentData.mobile` false, so not Playwright's `isMobile`.
 */
export const ANDROID_TABLET: EmulatedDevice = {
  name: 'Android tablet (Galaxy Tab S4)',
  options: { ...descriptor('Galaxy Tab S4'), isMobile: false },
  navigator: { maxTouchPoints: 10 },
};

/** An iPhone in Safari. */
export const IPHONE: EmulatedDevice = {
  name: 'iPhone 13',
  options: descriptor('iPhone 13'),
  navigator: { platform: 'iPhone', maxTouchPoints: 5, noUserAgentData: true },
};

/** An Android phone in Chrome ('Mobile' in the user agent, `userAgentData.mobile` true). */
export const ANDROID_PHONE: EmulatedDevice = {
  name: 'Android phone (Pixel 7)',
  options: descriptor('Pixel 7'),
};

/**
 * Gives the pages of `target` (a context, or one page) the navigator facts of `device` that Chromium's
 * emulation lacks, before any script of theirs runs. For a test whose own context already emulates the
 * device's options (`test.use(device.options)`); {@link openDevice} does both for a context of its own.
 */
export async function emulateNavigator(target: BrowserContext | Page, device: EmulatedDevice): Promise<void> {
  if (!device.navigator) return;
  await target.addInitScript((facts) => {
    const define = (name: string, value: unknown) =>
      Object.defineProperty(Navigator.prototype, name, { get: () => value, configurable: true });
    if (facts.platform !== undefined) define('platform', facts.platform);
    if (facts.maxTouchPoints !== undefined) define('maxTouchPoints', facts.maxTouchPoints);
    if (facts.noUserAgentData) define('userAgentData', undefined);
  }, device.navigator);
}

/** A new browser context (its own session) emulating `device`, with one page open on nothing yet. */
export async function openDevice(
  browser: Browser,
  device: EmulatedDevice,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(device.options);
  await emulateNavigator(context, device);
  return { context, page: await context.newPage() };
}

/**
 * Sets what `document.visibilityState` (and `hidden`) says and fires `visibilitychange`, as the browser does
 * when a phone switches to another app (Swish) and back.
 */
export async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}
