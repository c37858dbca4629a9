import { expect, type Page } from '@playwright/test';
import {
  ANDROID_PHONE,
  ANDROID_TABLET,
  IPAD_GEN_7,
  IPAD_OS_17,
  IPHONE,
  openDevice,
  type EmulatedDevice,
} from './helpers/devices';
import { swishAppRequests, test } from './helpers/moneyTrust';
import {
  cafeCartWith,
  chooseMethod,
  CUSTOMER,
  fillDetails,
  holdRequests,
  holdSessionReads,
  METHOD,
  methodButton,
  sessionPaymentId,
} from './helpers/payment';
import { headerCartLink, KIOSK, openShop, renderStorePages } from './helpers/shop';

/**
 * Issue 9 devices and edges: which devices switch to the Swish app (§2: on a phone it starts directly and
 * redirects to the app link; otherwise it asks for a phone number), a shop that hides the phone field (§3
 * customer inputs, §5 Swish needs a number on a non-phone), errors that must not follow the customer to
 * another method (§5), and a table reference longer than any table (§2 table query, §5 reference).
 */

const WAITING = 'Open the Swish app and approve the payment';
const PHONE_REQUIRED = 'You must enter a phone number';
const payWithSwish = (page: Page) => page.getByRole('button', { name: 'Pay with Swish' });

/** Tablets: Swish asks for the number (the café's form has the phone field) and never opens swish://. */
for (const device of [IPAD_OS_17, IPAD_GEN_7, ANDROID_TABLET] as EmulatedDevice[]) {
  test(`§2 Swish on a tablet, ${device.name}: choosing Swish offers the phone number entry and start, and does not open swish://`, async ({
    browser,
  }) => {
    const { context, page } = await openDevice(browser, device);
    try {
      const appLinks = swishAppRequests(page);
      await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
      await fillDetails(page);
      await chooseMethod(page, METHOD.swish);
      await expect(payWithSwish(page).or(page.getByText(WAITING))).toBeVisible();

      expect(appLinks, 'app links the tablet tried to open').toEqual([]);
      await expect(payWithSwish(page)).toBeVisible();
      await expect(page.getByLabel(/^Phone number/)).toBeEditable();
      const session = (await (await page.request.get('/api/v2/webshop/cafe/cart')).json()) as {
        paymentId: string | null;
      };
      expect(session.paymentId, 'no payment started before the number is entered').toBeNull();
    } finally {
      await context.close();
    }
  });
}

/** Phones: choosing Swish starts at once and opens swish://paymentrequest?token=…&callbackurl=…/cafe/cart. */
for (const device of [IPHONE, ANDROID_PHONE] as EmulatedDevice[]) {
  test(`§2 Swish on a phone, ${device.name}: choosing Swish goes straight to the app link swish://paymentrequest?token=…`, async ({
    browser,
  }) => {
    const { context, page } = await openDevice(browser, device);
    try {
      const appLink = page.waitForEvent('request', (r) => r.url().startsWith('swish:'));
      await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
      await fillDetails(page);
      await methodButton(page, METHOD.swish).click();
      const link = new URL((await appLink).url());
      expect(link.protocol + link.host).toBe('swish:paymentrequest');
      expect(link.searchParams.get('token')).toMatch(/\S+/);
      expect(link.searchParams.get('callbackurl')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cafe\/cart$/);
      await expect(payWithSwish(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

test.describe('kiosk size', () => {
  test.use({ viewport: KIOSK });

  test('§2 §3 §5 Swish with the phone field hidden by the shop: the Swish panel asks for the number, keeps the field after "You must enter a phone number", and a number then starts the payment', async ({
    page,
  }) => {
    // The café's shop answer with customerInputs.phoneInput inactive (§3 wire format, src/contract), as the
    // browser gets it: the store page served static, so the app asks for the shop itself.
    await renderStorePages(page, 'static');
    await page.route('**/api/v2/webshop/cafe', async (route) => {
      const response = await route.fetch();
      const shop = (await response.json()) as {
        shop: { customerInputs: { phoneInput: { active: boolean; required: boolean } } | null };
      };
      expect(shop.shop.customerInputs, 'the café configures its inputs').not.toBeNull();
      if (shop.shop.customerInputs) shop.shop.customerInputs.phoneInput = { active: false, required: false };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(shop) });
    });
    await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
    await fillDetails(page);
    await expect(page.getByLabel(/^Phone number/)).toHaveCount(0); // not in 'Your details'
    await chooseMethod(page, METHOD.swish);
    const swishPhone = page.getByLabel(/phone number/i);
    await expect(swishPhone).toBeVisible();

    await payWithSwish(page).click();
    await expect(page.getByRole('alert').filter({ hasText: PHONE_REQUIRED })).toBeVisible();
    await expect(swishPhone, 'the number can still be entered after the error').toBeEditable();

    await swishPhone.fill(CUSTOMER.phone);
    await holdSessionReads(page); // the waiting state stays on screen for the check (the test ends here)
    await page.getByRole('button', { name: /^(Pay with Swish|Start the payment again)$/ }).click();
    await expect(page.getByText(WAITING)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: PHONE_REQUIRED })).toHaveCount(0);
    await sessionPaymentId(page);
  });

  /** 'You must enter a phone number' on Swish (the café's phone field left empty). */
  async function phoneRequiredOnSwish(page: Page): Promise<void> {
    await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
    await fillDetails(page);
    await chooseMethod(page, METHOD.swish);
    await payWithSwish(page).click();
    await expect(page.getByRole('alert').filter({ hasText: PHONE_REQUIRED })).toBeVisible();
  }

  test('§5 no stale error: after "You must enter a phone number" on Swish, choosing Debit or credit card shows the card form and no such error', async ({
    page,
  }) => {
    await phoneRequiredOnSwish(page);
    await chooseMethod(page, METHOD.stripe);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByText(PHONE_REQUIRED)).toHaveCount(0);
  });

  test('§5 no stale error: after "You must enter a phone number" on Swish, choosing Viva shows no such error', async ({
    page,
  }) => {
    // A Viva start leaves for the hosted checkout at once: held, the page stays on the cart to be looked at.
    const release = await holdRequests(page, '**/cart/startPayment', 'POST');
    try {
      await phoneRequiredOnSwish(page);
      await methodButton(page, METHOD.viva).click();
      await expect(methodButton(page, METHOD.viva)).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page
          .getByText('Taking you to the card payment…')
          .or(page.getByRole('button', { name: 'Continue to card payment' }))
          .or(page.getByRole('button', { name: 'Start over' })),
      ).toBeVisible();
      await expect(page.getByText(PHONE_REQUIRED)).toHaveCount(0);
    } finally {
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  /** What the restaurant shows for an address's table: the reference page or the store (cart shown). */
  async function restaurantFor(page: Page, table: string): Promise<'reference' | 'store'> {
    await openShop(page, `/restaurant?table=${encodeURIComponent(table)}`);
    const reference = page.getByRole('heading', { level: 1, name: 'Enter your table number' });
    const connectionError = page.getByText('Something went wrong with the connection');
    await expect(reference.or(headerCartLink(page)).or(connectionError)).toBeVisible();
    await expect(connectionError, `?table=${table} shows the connection error page`).toHaveCount(0);
    return (await reference.isVisible()) ? 'reference' : 'store';
  }

  test('§2 §5 a 40-character table reference (a misprinted QR sticker) has no table’s shape: the reference page says what a table number looks like, never the connection error page, and table 07 then works', async ({
    page,
  }) => {
    const long = '1234567890'.repeat(4);
    expect(await restaurantFor(page, long)).toBe('reference');
    await expect(
      page.getByText('A table number has 1–6 letters or digits, for example 07 or A12'),
    ).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(long); // text from the address is never shown (§5)
    await page.getByLabel('Table number').fill('07');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(headerCartLink(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Restaurang Sjöboden - 07');
  });
});
