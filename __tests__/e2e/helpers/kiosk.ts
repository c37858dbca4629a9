import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { text, type Language } from './i18n';
import { CUSTOMER } from './payment';
import { shot } from './shots';

/**
 * Issue 10 kiosk mode: a shared tablet at a counter. The café is Swedish in kiosk mode (SEK shop, no
 * language chosen when kiosk mode was switched on), so the kiosk's names come from translations/se.json.
 */

/** The kiosk sizes of issue 10: landscape tablets (1024×768, 1280×800) and a portrait one (768×1024). */
export const KIOSK_VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
] as const;

/** The kiosk's touch size: every control at least 56 × 56 CSS px. */
const KIOSK_TARGET = 56;

/** A Swedish text of the app (translations/se.json), the kiosk's language for each new customer. */
export function se(key: string, vars: Record<string, string | number> = {}): string {
  return text('se', key, vars);
}

/**
 * Switches this browser to kiosk mode at the café (`?kiosk=1`, plus e.g. `&idle=90`) and waits for what a
 * customer sees of a ready kiosk: the store, its accessibility bar and its order panel (issue 34: not the
 * `data-kiosk` mark, which is there from the first frame, before the kiosk's code). The kiosk speaks Swedish,
 * or the language `extra` gives it (`&lng=en`).
 */
export async function openKiosk(page: Page, extra = ''): Promise<void> {
  const lng = (/(?:^|&)lng=(se|en|fi)(?:&|$)/.exec(extra)?.[1] ?? 'se') as Language;
  await page.goto(`/cafe?kiosk=1${extra}`);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-kiosk', '');
  await expect(assistBar(page, lng)).toBeVisible();
  await expect(orderPanel(page, lng)).toBeVisible();
}

/** The kiosk's order panel beside (or below) the products: an `aside` named 'Din beställning'. */
export function orderPanel(page: Page, lng: Language = 'se'): Locator {
  return page.getByRole('complementary', { name: text(lng, 'kiosk.order.title'), exact: true });
}

/** The kiosk's "Ordering is paused" ('Beställningen är pausad') over the order while the API does not answer. */
export function pausedDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: se('kiosk.paused.title'), exact: true });
}

/** The kiosk's language buttons, a group named 'Språk' ('Language', 'Kieli'). */
export function languageGroup(page: Page, lng: Language = 'se'): Locator {
  return page.getByRole('group', { name: text(lng, 'kiosk.language'), exact: true });
}

/** The order panel's link on to the cart page, 'Till betalning (N varor)'. */
export function toPaymentLink(page: Page, count: number, lng: Language = 'se'): Locator {
  return orderPanel(page, lng).getByRole('link', {
    name: text(lng, 'kiosk.order.toPayment', { count }),
    exact: true,
  });
}

/** The '+' of a product card in the store grid, in Swedish ('Lägg Kanelbulle i varukorgen') unless `lng`. */
export function kioskAddButton(page: Page, title: string, lng: Language = 'se'): Locator {
  return page.getByRole('button', { name: text(lng, 'product.addToCart', { name: title }), exact: true });
}

/** The order panel's quantity group of one line ('Antal Kanelbulle: 2'). */
export function panelQuantity(page: Page, title: string, count: number, lng: Language = 'se'): Locator {
  return orderPanel(page, lng).getByRole('group', {
    name: text(lng, 'kiosk.order.quantity', { name: title, count }),
    exact: true,
  });
}

/** The order panel's 'Att betala' row (label and sum). */
export function panelSum(page: Page, lng: Language = 'se'): Locator {
  return orderPanel(page, lng)
    .locator('p')
    .filter({ hasText: text(lng, 'cart.sum') });
}

/**
 * Adds products without extras from the grid (each click one) and waits until the order panel shows the
 * line with its new count. The kiosk speaks Swedish unless `lng` says otherwise (`openKiosk(page, '&lng=en')`).
 */
export async function kioskAdd(page: Page, title: string, times = 1, lng: Language = 'se'): Promise<void> {
  const before = await panelCount(page, title, lng);
  for (let i = 0; i < times; i++) await kioskAddButton(page, title, lng).click();
  await expect(panelQuantity(page, title, before + times, lng)).toBeVisible();
}

/** The count the order panel shows for a product now (0 without a line). */
async function panelCount(page: Page, title: string, lng: Language): Promise<number> {
  const prefix = text(lng, 'kiosk.order.quantity', { name: title, count: 0 }).replace(/0$/, '');
  const groups = orderPanel(page, lng).getByRole('group', {
    name: new RegExp(`^${escapeRegExp(prefix)}\\d+$`),
  });
  if ((await groups.count()) === 0) return 0;
  return Number(((await groups.first().getAttribute('aria-label')) ?? '').slice(prefix.length));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens the cart page from the order panel's link (no reload: the SPA keeps the cart it has sent). */
export async function toKioskCart(page: Page, count: number, lng: Language = 'se'): Promise<void> {
  await toPaymentLink(page, count, lng).click();
  await expect(page).toHaveURL(/\/cafe\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: text(lng, 'cart.title') })).toBeVisible();
}

/** The cart page's 'Dina uppgifter' form filled with the test customer; the payment choice then appears. */
export async function fillKioskDetails(
  page: Page,
  { phone = false, lng = 'se' }: { phone?: boolean; lng?: Language } = {},
): Promise<void> {
  const say = (key: string, vars?: Record<string, string>) => text(lng, key, vars);
  await page.getByLabel(say('fields.name'), { exact: true }).fill(CUSTOMER.name);
  await page.getByLabel(say('fields.email'), { exact: true }).fill(CUSTOMER.email);
  if (phone)
    await page.getByLabel(say('fields.optionalLabel', { field: say('fields.phone') })).fill(CUSTOMER.phone);
  await expect(page.getByRole('heading', { level: 2, name: say('paymentMethods.title') })).toBeVisible();
}

/** A payment method's toggle in 'Välj betalsätt' (its name as {@link kioskMethod} gives it). */
export function kioskMethodButton(page: Page, name: string, lng: Language = 'se'): Locator {
  return page
    .getByRole('region', { name: text(lng, 'paymentMethods.title') })
    .getByRole('button', { name, exact: true });
}

/** The café's methods as the choice names them in `lng`. */
export function kioskMethod(lng: Language) {
  return {
    swish: text(lng, 'paymentMethods.names.swish'),
    viva: text(lng, 'paymentMethods.names.vivaWallet'),
    stripe: text(lng, 'paymentMethods.names.stripe'),
  } as const;
}

/** The café's methods as the Swedish choice names them. */
export const KIOSK_METHOD = kioskMethod('se');

/** The Swish payment's QR code on the kiosk's cart page. */
export function swishQr(page: Page, lng: Language = 'se'): Locator {
  return page.getByRole('img', { name: text(lng, 'kiosk.swish.qrLabel'), exact: true });
}

/** The receipt's QR code (its download page). */
export function receiptQr(page: Page): Locator {
  return page.getByRole('img', { name: se('kiosk.receipt.qrLabel'), exact: true });
}

/** The idle question 'Är du kvar?' (an alertdialog). */
export function idleDialog(page: Page, lng: Language = 'se'): Locator {
  return page.getByRole('alertdialog', { name: text(lng, 'kiosk.idle.title'), exact: true });
}

/** The kiosk's receipt page: its URL, the take-away heading, and the receipt id it shows. */
export async function expectKioskReceipt(page: Page, lng: Language = 'se'): Promise<string> {
  await expect(page).toHaveURL(/\/cafe\/receipt\/[^/?#]+$/);
  await expect(page.getByRole('heading', { level: 2, name: text(lng, 'kiosk.receipt.scan') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: text(lng, 'receipt.title') })).toBeVisible();
  const receiptId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
  await expect(page.getByText(text(lng, 'receipt.receiptNumber', { number: receiptId }))).toBeVisible();
  return receiptId;
}

/** Back from the fresh store after a customer: never the last customer's receipt (the kiosk redirects it). */
export async function expectBackDoesNotShowReceipt(page: Page): Promise<void> {
  const receiptShown = await watchFor(page, '#receipt-title');
  await page.goBack();
  await expect(page).not.toHaveURL(/\/receipt\//);
  await expect(orderPanel(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: se('receipt.title') })).toHaveCount(0);
  expect(await receiptShown(), 'the receipt shown after Back').toBe(false);
}

/** The empty kiosk store a new customer finds: the store page, its order panel saying how to start. */
export async function expectEmptyStore(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/cafe(\?[^/]*)?$/);
  await expect(orderPanel(page)).toContainText(se('kiosk.order.empty'));
  await expect(orderPanel(page).getByRole('link')).toHaveCount(0);
}

/**
 * Reads a QR code as the customer's phone would: a PNG of the element as drawn on screen, decoded by jsQR
 * (which wants RGBA bytes as a Uint8ClampedArray). Answers the code's text; fails when there is no code.
 */
export async function decodeQr(qr: Locator): Promise<string> {
  const png = PNG.sync.read(await qr.screenshot());
  const rgba = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  const code = jsQR(rgba, png.width, png.height);
  expect(code, 'a readable QR code in the screenshot').not.toBeNull();
  return code?.data ?? '';
}

/** One control that is too small for a finger on the kiosk. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * The controls shown on the page now (how many were measured) and those of them whose box is smaller than
 * 56 × 56 CSS px (issue 10): buttons, links, selects, text areas and inputs, except check boxes and radios,
 * which count by their label's box, and hidden inputs. A control kept off screen until focused (the skip
 * link) is measured as it shows when focused. Controls that are not rendered (display: none, a closed
 * dialog) are left out.
 */
export async function smallTargets(page: Page): Promise<{ measured: number; small: SmallTarget[] }> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), ' +
      'input[type=checkbox], input[type=radio]';
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
      const label = el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? '').trim() : '';
      return `<${el.tagName.toLowerCase()}${el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : ''}> "${(name || label).slice(0, 60)}"`;
    };
    const offScreen = (r: DOMRect) => r.right + window.scrollX <= 0 || r.bottom + window.scrollY <= 0;
    const found: { what: string; width: number; height: number }[] = [];
    let measured = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const choice = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      const target: HTMLElement | null = choice ? ((el as HTMLInputElement).labels?.[0] ?? null) : el;
      if (!target) {
        found.push({ what: `${describe(el)} without a label`, width: 0, height: 0 });
        continue;
      }
      if (!target.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      let rect = target.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (offScreen(rect)) {
        el.focus({ preventScroll: true });
        rect = target.getBoundingClientRect();
        el.blur();
        if (offScreen(rect)) continue;
      }
      measured += 1;
      if (rect.width < min || rect.height < min)
        found.push({ what: describe(el), width: Math.round(rect.width), height: Math.round(rect.height) });
    }
    return { measured, small: found };
  }, KIOSK_TARGET);
}

/**
 * Every link on the page (shown or not) that leads to another origin than the kiosk's own: other sites,
 * but also tel:, mailto: and app schemes, whose origin is never the page's.
 */
export async function foreignLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]')]
      .map((link) => link.getAttribute('href') as string)
      .filter((href) => new URL(href, location.href).origin !== location.origin),
  );
}

/** Everything in the tab's sessionStorage and the browser's localStorage, key by key. */
export async function webStorage(
  page: Page,
): Promise<{ session: Record<string, string>; local: Record<string, string> }> {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) as string).map((key) => [
          key,
          storage.getItem(key) ?? '',
        ]),
      );
    return { session: dump(sessionStorage), local: dump(localStorage) };
  });
}

/** The page's own time (the installed fake clock's), in epoch ms. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Stops the page's clock a second on from the page's time, so nothing runs on by itself until the test
 * moves time on. The page's clock runs while the test talks to it: on a loaded machine more than that second
 * can pass between reading the page's time and pausing, and Playwright refuses a moment already passed
 * ("Cannot fast-forward to the past"; CI run 17). The page has then lived that second by itself, as it
 * would have anyway, and the clock is paused a second on from its new time.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    try {
      await page.clock.pauseAt((await pageNow(page)) + 1_000);
      return;
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Moves the paused page clock on a second at a time until `done` holds: the page's timers (its polls, the
 * connection check's backoff) run, and the network, which is not clock-bound, gets real time in between.
 */
export async function fastForwardUntil(
  page: Page,
  done: () => Promise<boolean>,
  what: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.clock.fastForward(1_000);
        return done();
      },
      { message: what },
    )
    .toBe(true);
}

/** Moves the paused page clock on until `ms` have passed since `since` (page time, e.g. the last input). */
export async function idleUntil(page: Page, since: number, ms: number): Promise<void> {
  const step = since + ms - (await pageNow(page));
  expect(step, 'the page clock has not passed that point yet').toBeGreaterThan(0);
  await page.clock.fastForward(step);
}

/**
 * Starts noting whether an element matching `selector` is ever in this document from now on (a flash
 * between two expectations included). Answers a reader; a full page load ends the watch.
 */
export async function watchFor(page: Page, selector: string): Promise<() => Promise<boolean>> {
  const key = `__seen:${selector}`;
  await page.evaluate(
    ({ key, selector }) => {
      const w = window as unknown as Record<string, boolean>;
      w[key] = document.querySelector(selector) !== null;
      new MutationObserver(() => {
        if (document.querySelector(selector)) w[key] = true;
      }).observe(document, { childList: true, subtree: true, attributes: true });
    },
    { key, selector },
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, boolean>)[key] === true, key);
}

/** A screenshot for the docs (with SHOTS_DIR): the store's lazy pictures loaded first, so it can be taken. */
export async function picture(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await revealImages(page);
  await shot(page, name);
}

/**
 * Loads the store's lazy images now (they load only near the viewport), so that a screenshot of the top
 * of the store, which waits for every image, can be taken.
 */
export async function revealImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}

/** Issue 23: the kiosk's accessibility bar at the bottom of the screen, a region named 'Tillgänglighet'. */
export function assistBar(page: Page, lng: Language = 'se'): Locator {
  return page.getByRole('region', { name: text(lng, 'kiosk.assist.label'), exact: true });
}

/** The accessibility bar's "Inom räckhåll" ('Within reach'), a toggle (aria-pressed). */
export function reachButton(page: Page, lng: Language = 'se'): Locator {
  return assistBar(page, lng).getByRole('button', { name: text(lng, 'kiosk.assist.reach'), exact: true });
}

/** The lower part of the screen that "Inom räckhåll" keeps every control in (docs/kiosk.md). */
export const REACH_SHARE = 0.55;

/** The accessibility bar's "Större text" ('Larger text'), a toggle (aria-pressed). */
export function largeTextButton(page: Page, lng: Language = 'se'): Locator {
  return assistBar(page, lng).getByRole('button', { name: text(lng, 'kiosk.assist.largeText'), exact: true });
}
