/**
 * Issue 11: a big shop draws only the cards near the viewport. Every category keeps its heading and a
 * block of its height; blocks are drawn when the IntersectionObserver says they came near (a fake one
 * here, driven by the test), when the category bar jumps to them, when Tab reaches them and when the
 * browser's find matches one of their titles (`beforematch`).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { selectProductCard } from '../../../src/features/cart/cartSelectors';
import type * as CartSelectors from '../../../src/features/cart/cartSelectors';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { ProductCard } from '../../../src/features/shop/ProductCard';
import { bigShop, BIG_SHOP_CATEGORIES } from '../../helpers/bigShop';
import { installFakeIntersectionObserver } from '../../helpers/intersectionObserver';
import { renderApp } from '../../helpers/renderApp';

// The cards' selector, counted (the real one, wrapped): how many a cart change asks is part of a rule below.
jest.mock('../../../src/features/cart/cartSelectors', () => {
  const actual = jest.requireActual<typeof CartSelectors>('../../../src/features/cart/cartSelectors');
  return { ...actual, selectProductCard: jest.fn(actual.selectProductCard) };
});

const scroll = installFakeIntersectionObserver();

/** The section of a category, by its heading. */
const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
/** The cards drawn in a category. */
const cards = (name: string) => section(name).querySelectorAll('article');
/** A category's empty block (the stand-in for its cards while they are not drawn). */
const emptyBlock = (name: string) => screen.getByRole('button', { name: `Show the products in ${name}` });
/** The element the observer watches for a category's (first) block. */
const blockOf = (name: string) =>
  (section(name).querySelector('article') ?? emptyBlock(name)).closest('section > div') as HTMLElement;

async function renderBigShop() {
  const app = await renderApp('/bigshop', { data: bigShop() });
  await waitFor(() => expect(cards('Category 1')).toHaveLength(50));
  return app;
}

describe('§Performance the 2,000-product shop draws only what is near the viewport', () => {
  it('sections far from the viewport keep their heading and their height and render no cards', async () => {
    await renderBigShop();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 2 })).toHaveLength(BIG_SHOP_CATEGORIES);
    expect(main.querySelectorAll('article')).toHaveLength(50);
    const heights = new Set<string>();
    for (let c = 2; c <= BIG_SHOP_CATEGORIES; c += 1) {
      expect(cards(`Category ${c}`)).toHaveLength(0);
      const empty = emptyBlock(`Category ${c}`);
      expect(parseFloat(empty.style.height)).toBeGreaterThan(0);
      heights.add(empty.style.height);
    }
    // Same number of products, same estimated height.
    expect(heights.size).toBe(1);
    // Anchors still have their targets.
    expect(document.getElementById('category-39')).toBe(section('Category 40'));
  });

  it('a block coming near the viewport draws its cards; one going far is emptied and keeps the height it had', async () => {
    await renderBigShop();
    scroll([{ target: blockOf('Category 2'), isIntersecting: true }]);
    expect(cards('Category 2')).toHaveLength(50);
    expect(within(section('Category 2')).getByRole('article', { name: 'Item 51' })).toBeInTheDocument();

    scroll([{ target: blockOf('Category 1'), isIntersecting: false, height: 1234 }]);
    expect(cards('Category 1')).toHaveLength(0);
    expect(emptyBlock('Category 1').style.height).toBe('1234px');
  });

  it('jumping to a category from the category bar draws its cards before the browser scrolls there', async () => {
    const { user } = await renderBigShop();
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    const link = within(nav).getByRole('link', { name: 'Category 30' });
    expect(link).toHaveAttribute('href', '#category-29');
    await user.click(link);
    expect(cards('Category 30')).toHaveLength(50);
    expect(within(section('Category 30')).getByRole('article', { name: 'Item 1451' })).toBeInTheDocument();
  });

  it('Tab into a category not drawn yet draws it and focuses its first card; Shift+Tab into one focuses its last control', async () => {
    const { user } = await renderBigShop();
    // The last control of the drawn first category, then Tab: the second category is drawn on the way.
    const adds = within(section('Category 1')).getAllByRole('button', { name: /^Add Item/ });
    (adds[adds.length - 1] as HTMLElement).focus();
    await user.tab();
    expect(document.activeElement).toBe(
      within(section('Category 2')).getByRole('button', { name: 'Item 51' }),
    );
    expect(cards('Category 2')).toHaveLength(50);

    // From the first card of the fourth category back into the third, not drawn.
    scroll([{ target: blockOf('Category 4'), isIntersecting: true }]);
    within(section('Category 4')).getByRole('button', { name: 'Item 151' }).focus();
    expect(cards('Category 3')).toHaveLength(0);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(
      within(section('Category 3')).getByRole('button', { name: 'Add Item 150 to the cart' }),
    );
    expect(cards('Category 3')).toHaveLength(50);
  });

  it('a block holding focus is not emptied when it goes far, and is once focus leaves it', async () => {
    await renderBigShop();
    within(section('Category 1')).getByRole('button', { name: 'Item 7' }).focus();
    scroll([{ target: blockOf('Category 1'), isIntersecting: false, height: 900 }]);
    expect(cards('Category 1')).toHaveLength(50);
    expect(document.activeElement).toHaveAccessibleName('Item 7');

    act(() =>
      within(screen.getByRole('navigation', { name: 'Categories' }))
        .getAllByRole('link')[0]
        ?.focus(),
    );
    expect(cards('Category 1')).toHaveLength(0);
  });

  it("an empty block holds its products' titles for the browser's find; a match draws the cards and scrolls to the one found", async () => {
    await renderBigShop();
    const empty = emptyBlock('Category 5');
    await waitFor(() => expect(empty.querySelectorAll('[hidden="until-found"]')).toHaveLength(50));
    const titles = [...empty.querySelectorAll('[hidden="until-found"]')].map((p) => p.textContent);
    expect(titles.slice(0, 3)).toEqual(['Item 201', 'Item 202', 'Item 203']);

    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const found = empty.querySelector('[data-index="7"]') as HTMLElement;
      act(() => {
        found.dispatchEvent(new Event('beforematch', { bubbles: true }));
      });
      expect(cards('Category 5')).toHaveLength(50);
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]).toBe(within(section('Category 5')).getByRole('article', { name: 'Item 208' }));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('issue 26: while the menu search is open the empty blocks hold no titles for find (the search finds them); closed, they do again', async () => {
    // The page's idle callbacks are run when the test says, so "none written" is not a race.
    const idle = new Map<number, IdleRequestCallback>();
    let lastId = 0;
    window.requestIdleCallback = (callback) => (idle.set(++lastId, callback), lastId);
    window.cancelIdleCallback = (id) => void idle.delete(id);
    const flushIdle = () =>
      act(() => {
        for (const [id, callback] of idle) {
          idle.delete(id);
          callback({ didTimeout: false, timeRemaining: () => 50 });
        }
      });
    try {
      const { history, unmount } = await renderBigShop();
      flushIdle();
      expect(emptyBlock('Category 5').querySelectorAll('[hidden="until-found"]')).toHaveLength(50);

      act(() => history.replace('/bigshop?q=Item'));
      await waitFor(() => expect(document.querySelector('[data-query="Item"]')).not.toBeNull());
      flushIdle();
      expect(emptyBlock('Category 5').querySelectorAll('[hidden="until-found"]')).toHaveLength(0);

      act(() => history.replace('/bigshop'));
      flushIdle();
      expect(emptyBlock('Category 5').querySelectorAll('[hidden="until-found"]')).toHaveLength(50);
      unmount(); // its effects cancel their idle callbacks with the functions below
    } finally {
      // @ts-expect-error jsdom has none: the store falls back to a timer, as before this test.
      delete window.requestIdleCallback;
      // @ts-expect-error as above
      delete window.cancelIdleCallback;
    }
  });

  it('issue 26: an emptied block that a search gives other products is estimated again, not kept at the old height', async () => {
    const { history } = await renderBigShop();
    scroll([{ target: blockOf('Category 1'), isIntersecting: false, height: 1234 }]);
    expect(emptyBlock('Category 1').style.height).toBe('1234px');
    // "Item 2": Items 2 and 20–29 of Category 1 (and more elsewhere).
    act(() => history.replace('/bigshop?q=Item%202'));
    await waitFor(() => expect(section('Category 1').querySelectorAll('[role="button"]')).toHaveLength(1));
    await waitFor(() => expect(emptyBlock('Category 1').style.height).not.toBe('1234px'));
    expect(parseFloat(emptyBlock('Category 1').style.height)).toBeGreaterThan(0);
    // Closed again, the block has its own products back and the height it kept for them.
    act(() => history.replace('/bigshop'));
    await waitFor(() => expect(emptyBlock('Category 1').style.height).toBe('1234px'));
  });

  it("a card re-renders only when its own product's cart quantity changes, and an add asks only the drawn cards", async () => {
    // Counts each card's renders (see productCardRenders.test.tsx for how).
    const memoCard = ProductCard as unknown as { type: (props: { productId: string }) => unknown };
    const realCard = memoCard.type;
    const renders: string[] = [];
    memoCard.type = function CountedProductCard(props) {
      renders.push(props.productId);
      return realCard(props);
    };
    const calls = jest.mocked(selectProductCard);
    try {
      const { store } = await renderBigShop();
      scroll([{ target: blockOf('Category 2'), isIntersecting: true }]);
      const drawn = document.querySelectorAll('main article').length;
      expect(drawn).toBe(100);
      renders.length = 0;
      calls.mockClear();
      act(() => {
        store.dispatch(
          cartActions.itemAdded({ productId: 'b-0060', count: 1, deviations: [], description: '' }),
        );
      });
      expect(renders).toEqual(['b-0060']);
      expect(within(section('Category 2')).getByRole('article', { name: 'Item 60' })).toHaveTextContent(
        '1 in cart',
      );
      // One subscription per drawn card (three per card on all 2,000 cards before), plus the card's render.
      if (process.env.REPORT_RENDERS)
        process.stdout.write(`selector calls per add: ${calls.mock.calls.length}\n`);
      expect(calls.mock.calls.length).toBeLessThanOrEqual(drawn + 2);

      // A change that leaves every quantity as it was (a note on the line): no card at all.
      renders.length = 0;
      const line = store.getState().cart.ids[0] as string;
      act(() => {
        store.dispatch(
          cartActions.itemUpdated({
            id: line,
            item: { productId: 'b-0060', count: 1, deviations: [], description: 'to go' },
          }),
        );
      });
      expect(renders).toEqual([]);
    } finally {
      memoCard.type = realCard;
      calls.mockClear();
    }
  });

  it('a small shop (at most 150 products) draws every card at once', async () => {
    await renderApp('/cafe');
    await screen.findByRole('article', { name: 'Bun' });
    expect(screen.queryByRole('button', { name: /^Show the products in/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').length).toBeGreaterThan(1);
  });
});
