/**
 * §Performance (issue 4 quality bar): on the 2,000-product shop a product card re-renders only when its
 * own product or its cart quantity changes.
 *
 * How renders are counted: ProductCard is `memo(function ProductCard …)`. React renders a memo component
 * by calling the function in the memo object's `type` field, read when the card's fiber is created. Before
 * the first render the test puts a counting wrapper there that records the card's productId and calls the
 * real function (same hooks, same output), so every execution of each card's body is counted, whatever
 * triggered it (a prop change, its own store subscription or a parent). The shop source is unchanged.
 * A React Profiler around the app measures the commits as well.
 */
import { act, waitFor } from '@testing-library/react';
import type { ProfilerOnRenderCallback } from 'react';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { ProductCard } from '../../../src/features/shop/ProductCard';
import { bigShop, BIG_SHOP_CATEGORIES, BIG_SHOP_PRODUCTS_PER_CATEGORY } from '../../helpers/bigShop';
import { serverSession } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

const TOTAL = BIG_SHOP_CATEGORIES * BIG_SHOP_PRODUCTS_PER_CATEGORY;

type CardRender = (props: { productId: string }) => unknown;
const memoCard = ProductCard as unknown as { type: CardRender };
const realCard = memoCard.type;
const renders = new Map<string, number>();

beforeAll(() => {
  memoCard.type = function CountedProductCard(props) {
    renders.set(props.productId, (renders.get(props.productId) ?? 0) + 1);
    return realCard(props);
  };
});
afterAll(() => {
  memoCard.type = realCard;
});

interface Commit {
  phase: string;
  actualDuration: number;
}

/** Renders the big shop and waits until all 2,000 cards are on the page. */
async function renderBigShop() {
  const commits: Commit[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase, actualDuration) => {
    commits.push({ phase, actualDuration });
  };
  const data = bigShop();
  renders.clear();
  const app = await renderApp('/bigshop', { data, onRender, api: { getSession: serverSession() } });
  // Plain DOM queries: role queries over 2,000 cards would take longer than the renders measured.
  await waitFor(() => expect(document.querySelectorAll('main article')).toHaveLength(TOTAL), {
    timeout: 20_000,
  });
  // The instrument sees every card: each rendered at least once.
  expect(renders.size).toBe(TOTAL);
  const firstRender = Math.max(...commits.map((c) => c.actualDuration));
  commits.length = 0;
  renders.clear();
  return { ...app, data, commits, firstRender };
}

/** The text of the card titled `title`. */
const cardText = (title: string) =>
  [...document.querySelectorAll('main article')].find((a) => a.querySelector('h3')?.textContent === title)
    ?.textContent ?? '';

/** The cards that rendered since the last clear, with how often. */
const rendered = () => Object.fromEntries([...renders.entries()].sort());

const report = (label: string, figures: Record<string, unknown>) => {
  if (process.env.REPORT_RENDERS) process.stdout.write(`${label}: ${JSON.stringify(figures)}\n`);
};

describe('§Performance product cards on the 2,000-product shop', () => {
  it('a cart change re-renders only the cards whose cart quantity changed, in a commit far cheaper than the first render', async () => {
    const { store, commits, firstRender } = await renderBigShop();
    act(() => {
      store.dispatch(
        cartActions.itemAdded({ productId: 'b-1234', count: 1, deviations: [], description: '' }),
      );
    });
    expect(rendered()).toEqual({ 'b-1234': 1 });
    const addCommit = commits.reduce((sum, c) => sum + c.actualDuration, 0);
    report('add', {
      firstRenderMs: Math.round(firstRender),
      addCommitMs: Number(addCommit.toFixed(1)),
      commits: commits.length,
      cardsRendered: renders.size,
    });
    expect(commits.length).toBeGreaterThanOrEqual(1);
    expect(addCommit).toBeLessThan(firstRender / 10);
    expect(cardText('Item 1234')).toContain('1 in cart');

    // Another quantity of the same line: that card again, alone.
    renders.clear();
    const line = store.getState().cart.ids[0] as string;
    act(() => {
      store.dispatch(cartActions.itemCountChanged({ id: line, count: 5 }));
    });
    expect(rendered()).toEqual({ 'b-1234': 1 });

    // A second line of another product (a limited one): only that product's card.
    renders.clear();
    act(() => {
      store.dispatch(
        cartActions.itemAdded({ productId: 'b-2000', count: 2, deviations: [], description: 'wrapped' }),
      );
    });
    expect(rendered()).toEqual({ 'b-2000': 1 });

    // A change to the cart that leaves every product's quantity as it was (a new note): no card at all.
    renders.clear();
    commits.length = 0;
    act(() => {
      store.dispatch(
        cartActions.itemUpdated({
          id: line,
          item: { productId: 'b-1234', count: 5, deviations: [], description: 'to go' },
        }),
      );
    });
    expect(rendered()).toEqual({});

    // Removing a line: only its card.
    renders.clear();
    act(() => {
      store.dispatch(cartActions.itemCountChanged({ id: line, count: 0 }));
    });
    expect(rendered()).toEqual({ 'b-1234': 1 });
    expect(cardText('Item 1234')).not.toContain('in cart');
  });

  it('reloading the shop (a new ?table=) re-renders only the card whose product changed', async () => {
    const { history, api, data, commits, firstRender } = await renderBigShop();
    const changed = {
      ...data,
      products: data.products.map((p) =>
        p.id === 'b-0777' ? { ...p, price: { ...p.price, amount: p.price.amount + 100 } } : { ...p },
      ),
    };
    api.getShop.mockResolvedValueOnce(changed);
    await act(async () => history.push('/bigshop?table=5'));
    await waitFor(() => expect(document.body).toHaveTextContent('Big shop - 5'));
    await waitFor(() => expect(api.getShop).toHaveBeenCalledTimes(2));
    await act(async () => {});
    report('reload', {
      firstRenderMs: Math.round(firstRender),
      reloadCommitsMs: Number(commits.reduce((s, c) => s + c.actualDuration, 0).toFixed(1)),
      cardsRendered: renders.size,
    });
    expect(rendered()).toEqual({ 'b-0777': 1 });
    expect(document.querySelectorAll('main article')).toHaveLength(TOTAL);

    // The same shop once more, unchanged: no card re-renders.
    renders.clear();
    api.getShop.mockResolvedValueOnce(structuredClone(changed));
    await act(async () => history.push('/bigshop?table=6'));
    await waitFor(() => expect(document.body).toHaveTextContent('Big shop - 6'));
    await waitFor(() => expect(api.getShop).toHaveBeenCalledTimes(3));
    await act(async () => {});
    expect(rendered()).toEqual({});
  });
});
