import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import {
  expectEmptyStore,
  expectKioskReceipt,
  fillKioskDetails,
  idleDialog,
  KIOSK_METHOD,
  KIOSK_VIEWPORTS,
  kioskAddButton,
  kioskMethodButton,
  largeTextButton,
  openKiosk,
  pauseClock,
  picture,
  REACH_SHARE,
  reachButton,
  se,
  swishQr,
  toKioskCart,
  toPaymentLink,
} from './helpers/kiosk';
import { test } from './helpers/moneyTrust';
import { approvePayment, holdSwishCompletion, sessionPaymentId } from './helpers/payment';

/**
 * docs/product-rules.md §2 (kiosk, every step in view): on a counter kiosk, whatever the customer chose in
 * the accessibility bar, each step's controls are on screen and uncovered: the store's "+", the product
 * popup's title, a choice and Add, the order panel's way to payment, the your-info fields and the payment
 * choice, the card's number field and Pay, the Swish QR code with the amount and its words, the idle question's buttons and the receipt's "New order". One
 * browser context per size and mode walks every screen once.
 */

const MODES = [
  { name: 'plain', reach: false, largeText: false },
  { name: 'within reach', reach: true, largeText: false },
  { name: 'larger text', reach: false, largeText: true },
  { name: 'within reach and larger text', reach: true, largeText: true },
] as const;

type Mode = (typeof MODES)[number];

/**
 * Where `control` is not usable now, in words, or null: its box (a check box or radio: its label's) must lie
 * within the viewport, above the accessibility bar (unless in a modal dialog, drawn over the bar) and, within
 * reach, in the lower 55 % of the screen (REACH_SHARE, as kioskAccess.spec.ts measures it); and the point at
 * its centre must hit the control itself (or what is inside it), not something drawn over it.
 * With `focus`, the control is focused first, which scrolls it into view as the browser does for a keypad
 * or read aloud (a control the customer scrolls to); without, it must be shown where it is (a control the
 * step itself brings).
 */
function placeProblem(control: Locator, focus: boolean, reach: boolean): Promise<string | null> {
  return control.evaluate(
    (el, { focus, top }) => {
      const choice = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      const target = choice ? ((el as HTMLInputElement).labels?.[0] ?? el) : el;
      if (focus) (el as HTMLElement).focus();
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return 'not drawn';
      // A modal dialog is drawn over the bar (which is inert behind it); anything else must keep above it.
      const bar = target.closest('dialog:modal') ? null : document.querySelector('[data-assist-bar]');
      const bottom = bar ? bar.getBoundingClientRect().top : innerHeight;
      const box = `${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`;
      if (r.left < -1 || r.right > innerWidth + 1 || r.top < innerHeight * top - 1 || r.bottom > bottom + 1)
        return `box ${box} outside 0,${Math.round(innerHeight * top)}–${innerWidth},${Math.round(bottom)}`;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && (hit === target || target.contains(hit))) return null;
      const cover = hit
        ? `<${hit.tagName.toLowerCase()}> "${(hit.textContent ?? '').trim().slice(0, 40)}"`
        : 'nothing';
      return `box ${box} covered at its centre by ${cover}`;
    },
    { focus, top: reach ? 1 - REACH_SHARE : 0 },
  );
}

/** Each control of a step is usable where it is (or, with `focus`, once focused); every problem is listed. */
async function expectInView(
  mode: Mode,
  step: string,
  controls: Record<string, Locator>,
  { focus = false } = {},
): Promise<void> {
  const problems: string[] = [];
  for (const [what, control] of Object.entries(controls)) {
    await expect(control, `${step}: ${what}`).toBeVisible();
    const problem = await placeProblem(control, focus, mode.reach);
    if (problem) problems.push(`${what}: ${problem}`);
  }
  // Soft: the walk goes on, so one run names every step that fails.
  expect.soft(problems, `${step} (${mode.name})`).toEqual([]);
}

/** The bar's toggle for each choice the mode makes, pressed. */
async function chooseMode(page: Page, mode: Mode): Promise<void> {
  for (const [on, button] of [
    [mode.reach, reachButton(page)],
    [mode.largeText, largeTextButton(page)],
  ] as const) {
    if (!on) continue;
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
}

for (const viewport of KIOSK_VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;
  test.describe(size, () => {
    test.use({ viewport });

    for (const mode of MODES) {
      test(`§2 kiosk, every step in view at ${size}, ${mode.name}: the store's "+", the popup's title, a choice and Add, "Till betalning", your info and Swish, the QR code with the amount, the idle question, "Ny beställning"`, async ({
        page,
      }) => {
        await holdSwishCompletion(page.request);
        await page.clock.install();
        // The idle question comes when the test asks for it (a payment being approved waits three minutes).
        await openKiosk(page, '&idle=170');
        await chooseMode(page, mode);
        const shots = `kiosk-in-view-${size}-${mode.name.replaceAll(' ', '-')}`;

        const add = kioskAddButton(page, 'Cappuccino');
        await expectInView(mode, 'store', { '"+"': add }, { focus: true });
        await add.click();

        const popup = page.getByRole('dialog', { name: 'Cappuccino' });
        const popupControls = {
          title: popup.getByRole('heading', { name: 'Cappuccino' }),
          Add: popup.getByRole('button', { name: se('product.add'), exact: true }),
        };
        await expectInView(mode, 'popup as it opens', popupControls);
        await picture(page, `${shots}-popup`);
        const oat = popup.getByRole('checkbox', { name: 'Havredryck' });
        await expectInView(mode, 'popup, a choice', { Havredryck: oat }, { focus: true });
        await expectInView(mode, 'popup, its choices scrolled', popupControls);
        await expectNoAxeViolations(page, `kiosk popup, ${mode.name}`);
        await oat.check();
        await popupControls.Add.click();
        await expect(popup).toHaveCount(0);

        await expectInView(mode, 'order panel', { 'Till betalning': toPaymentLink(page, 1) });
        await toKioskCart(page, 1);
        await expectInView(
          mode,
          'your info',
          {
            name: page.getByLabel(se('fields.name'), { exact: true }),
            email: page.getByLabel(se('fields.email'), { exact: true }),
          },
          { focus: true },
        );
        await fillKioskDetails(page);
        const card = kioskMethodButton(page, KIOSK_METHOD.stripe);
        await expectInView(mode, 'payment choice', { Betalkort: card }, { focus: true });
        await card.click();
        await expectInView(mode, 'card chosen', {
          Kortnummer: page.getByLabel('Kortnummer', { exact: true }),
          Betala: page.getByRole('button', { name: se('paymentMethods.stripe.pay'), exact: true }),
        });
        await picture(page, `${shots}-card`);
        const swish = kioskMethodButton(page, KIOSK_METHOD.swish);
        await expectInView(mode, 'payment choice', { Swish: swish }, { focus: true });
        await swish.click();

        const qr = swishQr(page);
        await expect(qr).toBeVisible();
        const sum = page
          .getByRole('heading', { level: 2, name: new RegExp(`^${se('cart.sum')}`) })
          .locator('[data-amount]');
        const amount = page.getByRole('figure').filter({ has: qr }).locator('[data-amount]');
        await expectInView(mode, 'Swish chosen', { 'QR code': qr });
        await expect(amount, 'the amount to pay beside the QR code').toHaveText(
          (await sum.textContent()) ?? '',
        );
        await expectInView(mode, 'Swish chosen', {
          amount,
          'the words': page.getByRole('figure').filter({ has: qr }).getByText(se('kiosk.swish.scan')),
        });
        await expectNoAxeViolations(page, `kiosk Swish QR code, ${mode.name}`);
        await picture(page, `${shots}-swish`);

        await pauseClock(page);
        await page.clock.fastForward(181_000);
        const idle = idleDialog(page);
        const continueButton = idle.getByRole('button', { name: se('kiosk.idle.continue'), exact: true });
        await expectInView(mode, 'idle question', {
          Fortsätt: continueButton,
          'Börja om': idle.getByRole('button', { name: se('kiosk.idle.startOver'), exact: true }),
        });
        await picture(page, `${shots}-idle`);
        await page.clock.resume();
        await continueButton.click();
        await expect(idle).toHaveCount(0);

        await approvePayment(page.request, await sessionPaymentId(page));
        await expectKioskReceipt(page);
        const newOrder = page.getByRole('button', { name: se('kiosk.receipt.newOrder'), exact: true });
        await expectInView(mode, 'receipt', { 'Ny beställning': newOrder });
        await picture(page, `${shots}-receipt`);
        await newOrder.click();
        await expectEmptyStore(page);
      });
    }
  });
}
