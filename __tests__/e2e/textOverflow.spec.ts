import { expect, type Page } from '@playwright/test';
import { demoShopFixtures } from '../../src/demo-api/fixtures/fixtures';
import type { FixtureProduct, ShopFixture } from '../../src/demo-api/fixtures/fixtureTypes';
import { text, type Language } from './helpers/i18n';
import { orderPanel } from './helpers/kiosk';
import { openShop, productDialog } from './helpers/shop';
import { test } from './helpers/test';

/**
 * Issue 26: what customers see is never clipped. Every demo shop with a store page (not the closed one, not
 * the tab-only bar), at phone widths 320 and 390 px, in Swedish, English and Finnish: the store page, a
 * product popup (one with extras where the shop has one; the longest one-word title through the cart's Edit),
 * the cart with a few items, and the kiosk's order panel. On each, no element's text runs out of its box
 * (scrollWidth > clientWidth, scroll containers by design and form fields left out) and no text is cut by a
 * clipping box or the screen's edge. Each offender is reported as
 * "shop/page/lang/width: selector 'text' scrollWidth>clientWidth".
 */

const WIDTHS = [320, 390] as const;
const LANGUAGES: Language[] = ['se', 'en', 'fi'];
/** A shop this big draws only the blocks near the viewport (storeWindow's WINDOW_FROM). */
const WINDOWED_FROM = 150;

/** Shops whose store page shows products: open, active, with categories (the closed and tab-only have none). */
const SHOPS = demoShopFixtures().filter(
  (fixture) => fixture.shop.isOpen && fixture.shop.active && fixture.categories.length > 0,
);

/** The longest word of a title: the one most likely to be cut. */
const longestWord = (title: string) => Math.max(...title.split(/\s+/).map((word) => [...word].length));
const hasExtras = (product: FixtureProduct) =>
  (product.availableDeviations?.deviationGroupes.length ?? 0) > 0;
const inStock = (product: FixtureProduct) => !product.limitStock || product.count > 0;

/** What the walk does in one shop: where its store is, which product to open, what goes in the cart. */
interface ShopPlan {
  shopId: string;
  /** `?table=…` where the shop needs an order reference first. */
  query: string;
  /** A product whose + opens the popup (it has extras) among the first drawn cards, or null. */
  withExtras: FixtureProduct | null;
  /** A product whose title opens the popup on the store page (not LARGE_IMAGE, which links to its page). */
  byTitle: FixtureProduct | null;
  cart: { product: FixtureProduct; deviations: string[] }[];
}

function planOf(fixture: ShopFixture): ShopPlan {
  const order = fixture.categories.flatMap((category) => category.sortedProducts);
  const byId = new Map(fixture.products.map((product) => [product.id, product]));
  const drawn = (fixture.products.length > WINDOWED_FROM ? fixture.categories[0]!.sortedProducts : order)
    .map((id) => byId.get(id))
    .filter((product): product is FixtureProduct => product !== undefined && inStock(product));
  const longestFirst = [...drawn].sort((a, b) => longestWord(b.title) - longestWord(a.title));
  const withExtras = longestFirst.find(hasExtras) ?? null;
  const plain = longestFirst.filter((product) => !hasExtras(product)).slice(0, 3);
  // Each of its groups' minimum (at least one) of their first extras: a valid line with extras to show.
  const extrasOf = (product: FixtureProduct) =>
    (product.availableDeviations?.deviationGroupes ?? []).flatMap((groupId) => {
      const group = fixture.deviationGroups.find((g) => g.id === groupId);
      if (!group) return [];
      const want = Math.max(group.minCount ?? 0, 1);
      return group.deviationIds.slice(0, group.maxCount ? Math.min(want, group.maxCount) : want);
    });
  return {
    shopId: fixture.shop.shopId,
    query: fixture.shop.requireReference ? `table=${fixture.references[0]}` : '',
    withExtras,
    byTitle: fixture.shop.displayType === 'LARGE_IMAGE' ? null : (longestFirst[0] ?? null),
    cart: [
      ...plain.map((product) => ({ product, deviations: [] })),
      ...(withExtras ? [{ product: withExtras, deviations: extrasOf(withExtras) }] : []),
    ],
  };
}

/** One element whose text does not fit, as the page measured it. */
interface Offender {
  selector: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
  why: string;
}

/**
 * Measures the page now. For every rendered text node, the box its text is laid out in (the text's element,
 * or the nearest ancestor that is not inline) must not be wider inside than it is (scrollWidth ≤ clientWidth
 * + 1), and the text must not reach past a clipping ancestor or the viewport's right edge. Left out: scroll
 * containers by design (overflow-x auto or scroll), form fields, visually hidden text (1 px boxes, clip),
 * invisible text and text kept wholly off screen (the skip link until focused). And no control (button,
 * link, field) outside a scroll container reaches past the screen's sides.
 */
function measure(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const offenders: Offender[] = [];
    const name = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      [...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
    const selector = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement)
        parts.unshift(name(e));
      return parts.join(' > ');
    };
    const scrolls = (style: CSSStyleDeclaration) =>
      style.overflowX === 'auto' || style.overflowX === 'scroll';
    const hiddenByDesign = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.visibility === 'hidden' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
        if (style.position === 'absolute' && e.clientWidth <= 1 && e.clientHeight <= 1) return true;
      }
      return false;
    };
    const viewport = document.documentElement.clientWidth;
    const boxesSeen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!content || !parent) continue;
      if (parent.closest('script, style, noscript, template, textarea, select, option, svg')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0 || hiddenByDesign(parent)) continue;
      if (rects.every((r) => r.right <= 0 || r.left >= viewport)) continue;

      let box: Element = parent;
      while (box.parentElement && ['inline', 'contents'].includes(getComputedStyle(box).display))
        box = box.parentElement;
      if (!boxesSeen.has(box)) {
        boxesSeen.add(box);
        const style = getComputedStyle(box);
        if (!scrolls(style) && box.scrollWidth > box.clientWidth + 1)
          offenders.push({
            selector: selector(box),
            text: (box.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
            scrollWidth: box.scrollWidth,
            clientWidth: box.clientWidth,
            why: 'its content is wider than its box',
          });
      }

      // Cut by a box that clips (overflow hidden or clip) or by the screen's edge. Text inside a scroll
      // container (the category bar, a dialog, the kiosk's list) is reached by scrolling: only its own box counts.
      const right = Math.max(...rects.map((r) => r.right));
      const left = Math.min(...rects.map((r) => r.left));
      let clip: { el: Element; left: number; right: number } | null = null;
      let scrollable = false;
      for (let e: Element | null = parent; e && !clip && !scrollable; e = e.parentElement) {
        const style = getComputedStyle(e);
        scrollable = scrolls(style);
        if (style.overflowX === 'visible' || scrollable) continue;
        const outer = e.getBoundingClientRect();
        const inner = { left: outer.left + e.clientLeft, right: outer.left + e.clientLeft + e.clientWidth };
        if (right > inner.right + 1 || left < inner.left - 1) clip = { el: e, ...inner };
      }
      if (!clip && !scrollable && right > viewport + 1)
        clip = { el: document.documentElement, left: 0, right: viewport };
      if (clip)
        offenders.push({
          selector: selector(parent),
          text: content.slice(0, 60),
          scrollWidth: Math.round(right - left),
          clientWidth: Math.round(clip.right - clip.left),
          why: `cut by ${clip.el === document.documentElement ? 'the screen edge' : selector(clip.el)}`,
        });
    }

    // A control (button, link, field) partly past the screen's side, outside a scroll container: its
    // edge or part of its label cannot be seen or reached.
    for (const control of document.querySelectorAll('a[href], button, input, select, textarea')) {
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || hiddenByDesign(control)) continue;
      if (r.right <= 0 || r.left >= viewport) continue; // wholly off screen by design (the skip link)
      let scrollable = false;
      for (let e = control.parentElement; e && !scrollable; e = e.parentElement)
        scrollable = scrolls(getComputedStyle(e));
      if (!scrollable && (r.right > viewport + 1 || r.left < -1))
        offenders.push({
          selector: selector(control),
          text: (control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
          scrollWidth: Math.round(r.right - Math.max(0, r.left)),
          clientWidth: viewport,
          why: 'the control reaches past the screen edge',
        });
    }
    return offenders;
  });
}

for (const fixture of SHOPS) {
  const plan = planOf(fixture);
  for (const width of WIDTHS) {
    test.describe(`${plan.shopId} at ${width} px`, () => {
      // Each test is a page of its own (its own session): they may run side by side.
      test.describe.configure({ mode: 'parallel' });
      test.use({ viewport: { width, height: 800 } });

      for (const lng of LANGUAGES) {
        test(`issue 26: ${plan.shopId} in ${lng} at ${width} px: no text runs out of its box and no control past the screen's edge on the store page, popup, cart and kiosk panel`, async ({
          page,
        }) => {
          const found: string[] = [];
          const check = async (where: string) => {
            for (const o of await measure(page))
              found.push(
                `${plan.shopId}/${where}/${lng}/${width}: ${o.selector} '${o.text}' ${o.scrollWidth}>${o.clientWidth} (${o.why})`,
              );
          };
          const query = (more: string) => {
            const params = [`lng=${lng}`, plan.query, more].filter((p) => p !== '').join('&');
            return `?${params}`;
          };
          const closePopup = async () => {
            await page.keyboard.press('Escape');
            await expect(productDialog(page)).toHaveCount(0);
          };

          await test.step('store page', async () => {
            await openShop(page, `/${plan.shopId}${query('')}`);
            await expect(page.locator('html')).toHaveAttribute('lang', lng === 'se' ? 'sv' : lng);
            await expect(page.getByRole('article').first()).toBeVisible();
            await check('store');
          });

          await test.step('product popup from the store page', async () => {
            const open: [string, () => Promise<void>][] = [];
            if (plan.withExtras) {
              const { title } = plan.withExtras;
              open.push([
                `popup '${title}'`,
                () =>
                  page
                    .getByRole('button', {
                      name: text(lng, 'product.addToCart', { name: title }),
                      exact: true,
                    })
                    .click(),
              ]);
            }
            if (plan.byTitle && plan.byTitle.id !== plan.withExtras?.id) {
              const { title } = plan.byTitle;
              open.push([
                `popup '${title}'`,
                () =>
                  page
                    .getByRole('article', { name: title, exact: true })
                    .getByRole('button', { name: title, exact: true })
                    .click(),
              ]);
            }
            for (const [where, opener] of open) {
              await opener();
              await expect(productDialog(page)).toBeVisible();
              await check(where);
              await closePopup();
            }
          });

          await test.step('cart with a few items, and a line opened for editing', async () => {
            // This page's session (page.request carries its cookie) gets the cart; the page then loads it.
            const cart = plan.cart.map(({ product, deviations }, i) => ({
              id: `overflow-${i}`,
              productId: product.id,
              count: product.limitStock ? Math.min(i + 1, product.count) : i + 1,
              deviations,
              description: i === 0 ? 'Ingen lök, tack – allergisk mot selleri' : '',
            }));
            const put = await page.request.put(`/api/v2/webshop/${plan.shopId}/cart`, {
              data: { cart, tabItems: [] },
            });
            expect(put.ok()).toBe(true);
            await page.goto(`/${plan.shopId}/cart${query('')}`);
            await expect(
              page.getByRole('heading', { level: 1, name: text(lng, 'cart.title') }),
            ).toBeVisible();
            const longest = [...plan.cart].sort(
              (a, b) => longestWord(b.product.title) - longestWord(a.product.title),
            )[0]!.product.title;
            const edit = page.getByRole('button', {
              name: text(lng, 'cart.editItem', { name: longest }),
              exact: true,
            });
            await expect(edit).toBeVisible();
            await check('cart');
            await edit.click();
            await expect(productDialog(page)).toBeVisible();
            await check(`cart popup '${longest}'`);
            await closePopup();
          });

          await test.step('kiosk order panel', async () => {
            await page.goto(`/${plan.shopId}${query('kiosk=1&idle=600')}`);
            const panel = orderPanel(page, lng);
            await expect(panel).toBeVisible();
            await expect(panel).toContainText(plan.cart[0]!.product.title);
            await check('kiosk');
          });

          expect(found, `text that overflows its box:\n${found.join('\n')}`).toEqual([]);
        });
      }
    });
  }
}
