import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { text, type Language } from './helpers/i18n';
import {
  expectKioskReceipt,
  fillKioskDetails,
  KIOSK_VIEWPORTS,
  kioskAdd,
  kioskAddButton,
  kioskMethod,
  kioskMethodButton,
  largeTextButton,
  openKiosk,
  panelSum,
  picture,
  swishQr,
  toKioskCart,
  toPaymentLink,
} from './helpers/kiosk';
import { amountToPay, test } from './helpers/moneyTrust';
import {
  approvePayment,
  chooseMethod,
  CUSTOMER,
  expectReceipt,
  fillDetails,
  holdSwishCompletion,
  METHOD,
  sessionPaymentId,
} from './helpers/payment';
import { addButton, openShop, productDialog } from './helpers/shop';

/**
 * Issue 35 item 7, "larger text keeps amounts whole": at 1.5× text (the kiosk's "Larger text", or a phone
 * whose root text size is 150 %) no amount is ever broken between its number and its currency (§9's money
 * format, '1 229,00 kr'), on the phone, the kiosk, the product popup, the cart, the card payment page and the
 * receipt; and the sum line keeps its label and amount on one row, or puts the amount, whole, under its label.
 *
 * Every amount the page draws is found twice: by its text (every `1 234,56 kr` or `2,50 €` in a text node,
 * whoever drew it) and by its element (`[data-amount]`, what the app's Amount draws). Each must lie on one
 * line: the client rects of its text share one top (within 2 px). An amount found by its text outside any
 * `[data-amount]` is reported too (drawn past the component that keeps it whole).
 */

const sizeName = ({ width, height }: { width: number; height: number }) => `${width}×${height}`;

/** What the page draws of amounts now: each one measured, and those split over lines or drawn bare. */
interface AmountReport {
  /** The text of every amount measured (drawn, visible), as the page shows it. */
  measured: string[];
  split: string[];
  unmarked: string[];
}

function amountsOnScreen(page: Page): Promise<AmountReport> {
  return page.evaluate(() => {
    // §9: sv-SE with two decimals, thousands grouped by a space (plain, or the no-break kinds).
    const AMOUNT = /\d{1,3}(?:[ \u00a0\u202f]\d{3})*,\d{2}[ \u00a0\u202f](?:kr|€)/g;
    const report = { measured: [] as string[], split: [] as string[], unmarked: [] as string[] };
    const drawn = (el: Element) => {
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1; // visually hidden text (1 px, clipped) is for screen readers
    };
    /** The distinct tops of a range's line boxes: one for text on one line. */
    const lineTops = (range: Range) => {
      const tops: number[] = [];
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.height < 1) continue;
        if (!tops.some((top) => Math.abs(top - r.top) <= 2)) tops.push(Math.round(r.top));
      }
      return tops;
    };
    const where = (el: Element) => {
      const around = el.parentElement ?? el;
      const said = (around.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}> in <${around.tagName.toLowerCase()}> "${said}"`;
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const content = node.textContent ?? '';
      if (!parent || parent.closest('script, style, noscript, template') || !drawn(parent)) continue;
      for (const match of content.matchAll(AMOUNT)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = lineTops(range);
        if (tops.length === 0) continue; // scrolled out of a clipping box or not laid out
        report.measured.push(match[0].replace(/[\u00a0\u202f]/g, ' '));
        if (tops.length > 1)
          report.split.push(
            `"${match[0]}" on ${tops.length} lines (tops ${tops.join(', ')}) ${where(parent)}`,
          );
        if (!parent.closest('[data-amount]')) report.unmarked.push(`"${match[0]}" ${where(parent)}`);
      }
    }

    // The amount elements themselves, sign and all ('+5,00 kr' of an extra).
    for (const el of document.querySelectorAll('[data-amount]')) {
      if (!drawn(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = lineTops(range);
      if (tops.length > 1)
        report.split.push(`[data-amount] "${el.textContent}" on ${tops.length} lines ${where(el)}`);
    }
    report.split = [...new Set(report.split)];
    return report;
  });
}

/**
 * §9 amounts whole on this screen: none split, none drawn bare, and the ones named were measured (so the
 * walk saw the screen it meant to). Soft, so one run reports every screen.
 */
async function expectAmountsWhole(page: Page, screen: string, named: string[]): Promise<void> {
  const { measured, split, unmarked } = await amountsOnScreen(page);
  expect.soft(measured, `${screen}: the amounts measured`).toEqual(expect.arrayContaining(named));
  expect.soft(split, `${screen}: amounts broken over lines`).toEqual([]);
  expect.soft(unmarked, `${screen}: amounts drawn without [data-amount]`).toEqual([]);
}

/**
 * A sum line (its label, then its amount): the two on one row, or the amount wholly under its label; either
 * way inside the row's box. Answers what is wrong, or null.
 */
function sumLineProblem(row: Locator): Promise<string | null> {
  return row.evaluate((el) => {
    const [label, amount] = [...el.children];
    if (!label || !amount) return 'no label and amount';
    const rectsOf = (part: Element) => {
      const range = document.createRange();
      range.selectNodeContents(part);
      return [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
    };
    const labelRects = rectsOf(label);
    const amountRects = rectsOf(amount);
    if (labelRects.length === 0 || amountRects.length === 0) return 'label or amount not drawn';
    const amountBox = amount.getBoundingClientRect();
    const rowBox = el.getBoundingClientRect();
    if (amountBox.left < rowBox.left - 1 || amountBox.right > rowBox.right + 1)
      return `the amount (${Math.round(amountBox.left)}–${Math.round(amountBox.right)}) is outside its row (${Math.round(rowBox.left)}–${Math.round(rowBox.right)})`;
    const labelTop = Math.min(...labelRects.map((r) => r.top));
    const labelBottom = Math.max(...labelRects.map((r) => r.bottom));
    const amountTop = Math.min(...amountRects.map((r) => r.top));
    const oneRow = labelRects.length === 1 && Math.abs(labelTop - amountTop) <= 2;
    const under = amountTop >= labelBottom - 2;
    if (oneRow || under) return null;
    return `label lines at ${labelRects.map((r) => Math.round(r.top)).join(', ')}, amount at ${Math.round(amountTop)}: beside a broken label`;
  });
}

/**
 * A button's or link's words keep at least `inset` px from its left and right edges (a label over two lines
 * at larger text must not touch them). Answers what is wrong, or null.
 */
function wordsTouchEdges(control: Locator, inset = 8): Promise<string | null> {
  return control.evaluate((el, least) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
    if (rects.length === 0) return 'no words drawn';
    const box = el.getBoundingClientRect();
    const left = Math.min(...rects.map((r) => r.left)) - box.left;
    const right = box.right - Math.max(...rects.map((r) => r.right));
    return left >= least && right >= least
      ? null
      : `words ${Math.round(left)} px from the left edge and ${Math.round(right)} px from the right`;
  }, inset);
}

/**
 * A phone with its text at 150 %, as the kiosk's "Larger text" sets it: the root size of every page this
 * context opens, set as the document starts (before the app's first frame), as a browser's text size would.
 */
async function phoneTextAt150(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const larger = () => document.documentElement.style.setProperty('font-size', '150%');
    if (document.documentElement) larger();
    else
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        larger();
        observer.disconnect();
      }).observe(document, { childList: true });
  });
}

/** The root text size in px now (16 by default: 24 at 150 %). */
const rootTextPx = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

for (const viewport of KIOSK_VIEWPORTS) {
  test.describe(`kiosk at ${sizeName(viewport)}`, () => {
    test.use({ viewport });

    test(`issue 35 §2 §9 at ${sizeName(viewport)}: with "Larger text" every amount on the kiosk (store, order panel, popup with extras, cart, receipt) is whole, in English; the sum is one row or its amount whole under "Amount to pay"; axe clean`, async ({
      page,
    }) => {
      test.slow(); // five screens and a payment
      const lng: Language = 'en';
      await holdSwishCompletion(page.request);
      await openKiosk(page, '&lng=en&idle=3600'); // no idle question in this journey, however slow the machine
      await largeTextButton(page, lng).click();
      await expect(largeTextButton(page, lng)).toHaveAttribute('aria-pressed', 'true');
      expect(await rootTextPx(page)).toBeCloseTo(24, 1);

      // An empty order first: its sum is 0,00 kr (the "0,00 / kr").
      await expect(panelSum(page, lng)).toContainText('0,00 kr');
      await expectAmountsWhole(page, 'empty store', ['0,00 kr', '35,00 kr']);
      expect.soft(await sumLineProblem(panelSum(page, lng)), 'empty order panel: the sum line').toBeNull();

      // 35,00 + 6 × 199,00: a sum with a thousands space, the longest the café's kiosk shows.
      await kioskAdd(page, 'Kanelbulle', 1, lng);
      await kioskAdd(page, 'Termosmugg', 6, lng);
      await expect(panelSum(page, lng)).toContainText('1 229,00 kr');
      await expectAmountsWhole(page, 'store with an order', ['1 229,00 kr', '1 194,00 kr', '35,00 kr']);
      expect.soft(await sumLineProblem(panelSum(page, lng)), 'order panel: the sum line').toBeNull();
      // Its label is two lines at this size: the words stay off the link's edges.
      expect
        .soft(
          await wordsTouchEdges(toPaymentLink(page, 7, lng)),
          'order panel: "Go to payment" keeps its words off its edges',
        )
        .toBeNull();
      await picture(page, `kiosk-large-text-amounts-${viewport.width}x${viewport.height}`);
      await expectNoAxeViolations(page, 'kiosk: larger text, amounts in the order panel');

      await kioskAddButton(page, 'Cappuccino', lng).click();
      const popup = page.getByRole('dialog', { name: 'Cappuccino' });
      await expect(popup).toBeVisible();
      await expect(popup).toContainText(text(lng, 'product.total', { total: '45,00 kr' }));
      await expectAmountsWhole(page, 'popup with extras', ['45,00 kr', '3,00 kr', '8,00 kr']);
      await page.keyboard.press('Escape');
      await expect(popup).toHaveCount(0);

      await toKioskCart(page, 7, lng);
      await fillKioskDetails(page, { lng });
      await expectAmountsWhole(page, 'cart with your info', ['1 229,00 kr', '1 194,00 kr', '199,00 kr']);
      expect.soft(await sumLineProblem(amountToPay(page)), 'cart: the sum line').toBeNull();

      await kioskMethodButton(page, kioskMethod(lng).swish, lng).click();
      await expect(swishQr(page, lng)).toBeVisible();
      await approvePayment(page.request, await sessionPaymentId(page));
      await expectKioskReceipt(page, lng);
      await expect(page.getByRole('article', { name: text(lng, 'receipt.title') })).toContainText(
        '1 229,00 kr',
      );
      await expectAmountsWhole(page, 'receipt', ['1 229,00 kr', '1 194,00 kr', '199,00 kr']);
    });

    for (const lng of ['se', 'fi'] as const) {
      test(`issue 35 §9 at ${sizeName(viewport)}: with "Larger text" the order panel's amounts are whole in ${lng}, its sum one row or the amount whole under its label`, async ({
        page,
      }) => {
        await openKiosk(page, `&lng=${lng}&idle=3600`);
        await largeTextButton(page, lng).click();
        await expect(largeTextButton(page, lng)).toHaveAttribute('aria-pressed', 'true');
        await kioskAdd(page, 'Termosmugg', 6, lng);
        await expect(panelSum(page, lng)).toContainText('1 194,00 kr');
        await expectAmountsWhole(page, `order panel in ${lng}`, ['1 194,00 kr', '199,00 kr']);
        expect.soft(await sumLineProblem(panelSum(page, lng)), `${lng}: the sum line`).toBeNull();
      });
    }
  });
}

/** The café's cart for the phone walk: extras with prices, a line over 1 000 kr, a sum of 1 325,00 kr. */
const PHONE_CART = [
  // 45,00 + soy 3,00 + vanilla 5,00 + an extra shot 8,00 = 61,00 kr
  { id: 'whole-1', productId: 'cappuccino', count: 1, deviations: ['d-soy', 'd-vanilla', 'd-shot'] },
  { id: 'whole-2', productId: 'mugg', count: 6, deviations: [] }, // 1 194,00 kr
  { id: 'whole-3', productId: 'kanelbulle', count: 2, deviations: [] }, // 70,00 kr
].map((item) => ({ ...item, description: '' }));

for (const width of [390, 320] as const) {
  test.describe(`phone at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test(`issue 35 §2 §9 on a ${width} px phone with its text at 150 %: every amount is whole on the store, its bar, the popup with extras, the cart, the receipt, the card payment page, a tab's lines and a euro shop; the cart's sum is one row or its amount whole under "Amount to pay"`, async ({
      page,
    }) => {
      test.slow(); // seven screens and a payment
      await phoneTextAt150(page);
      // This page's session (page.request carries its cookie) gets the cart; the store then loads it.
      expect((await page.request.get('/api/v2/webshop/cafe/cart')).ok()).toBe(true);
      const put = await page.request.put('/api/v2/webshop/cafe/cart', {
        data: { cart: PHONE_CART, tabItems: [] },
      });
      expect(put.ok()).toBe(true);

      await openShop(page, '/cafe');
      expect(await rootTextPx(page)).toBeCloseTo(24, 1);
      const bar = page.getByRole('navigation', { name: 'Cart', exact: true });
      await expect(bar).toContainText('1 325,00 kr');
      await expectAmountsWhole(page, 'store', ['1 325,00 kr', '45,00 kr', '199,00 kr']);

      await addButton(page, 'Cappuccino').click();
      const popup = productDialog(page);
      await expect(popup).toContainText('Total: 45,00 kr');
      await expectAmountsWhole(page, 'popup with extras', ['45,00 kr', '3,00 kr', '8,00 kr']);
      await page.keyboard.press('Escape');
      await expect(popup).toHaveCount(0);

      await page.goto('/cafe/cart');
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      await fillDetails(page, { phone: CUSTOMER.phone });
      await expect(amountToPay(page)).toContainText('1 325,00 kr');
      await expectAmountsWhole(page, 'cart', ['1 325,00 kr', '1 194,00 kr', '61,00 kr', '8,00 kr']);
      expect.soft(await sumLineProblem(amountToPay(page)), 'cart: the sum line').toBeNull();

      await chooseMethod(page, METHOD.swish);
      await page.getByRole('button', { name: 'Pay with Swish' }).click();
      await expectReceipt(page);
      await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('1 325,00 kr');
      await expectAmountsWhole(page, 'receipt', ['1 325,00 kr', '1 194,00 kr', '199,00 kr', '8,00 kr']);

      // The card payment page a merchant's app opens (Swedish, SEK).
      await page.goto('/company/c-cafe/payment/pi_demo_pending');
      await expect(page.getByText('249,00 kr', { exact: true })).toBeVisible();
      await expectAmountsWhole(page, 'card payment page', ['249,00 kr']);

      // A restaurant table's open tab: its lines to choose from, one of them added.
      await openShop(page, '/restaurant/cart?table=12&tabId=tab-12');
      await page
        .getByRole('button', { name: text('en', 'cart.addFromTab', { name: 'Toast Skagen' }) })
        .click();
      const fromTab = page.getByRole('region', { name: text('en', 'cart.addedFromTab') });
      await expect(fromTab).toContainText('145,00 kr');
      await expectAmountsWhole(page, 'cart with a tab', ['145,00 kr']);

      // The Finnish café: euros (§9: a Finnish company pays in EUR).
      await openShop(page, '/kahvila');
      await expect(page.getByRole('article', { name: 'Suodatinkahvi' })).toContainText('3,20 €');
      await expectAmountsWhole(page, 'euro store', ['3,20 €', '3,90 €']);
    });
  });
}
