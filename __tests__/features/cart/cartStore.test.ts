import {
  selectCartItems,
  selectCartLines,
  selectCartQuantity,
  selectCartTotal,
  selectProductCard,
  selectProductQuantity,
  selectTabLinesInCart,
  selectTabTotal,
  selectUnpaidTabCount,
} from '../../../src/features/cart/cartSelectors';
import { selectRemainingStock, selectTabLinesNotInCart } from '../../../src/features/cart/cartLazySelectors';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { openTab, sek, session, shopData } from '../../helpers/fixtures';
import { loadedStore } from '../../helpers/testStore';

const coffee = (deviations: string[] = ['oat'], description = '') => ({
  productId: 'coffee',
  count: 1,
  deviations,
  description,
});

describe('§5 cart rules in the store', () => {
  it('merges items with the same product, extras and note', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded(coffee(['oat'])));
    store.dispatch(cartActions.itemAdded({ ...coffee(['oat']), count: 2 }));
    expect(selectCartItems(store.getState())).toHaveLength(1);
    expect(selectCartItems(store.getState())[0]?.count).toBe(3);
  });

  it('keeps items with other extras or another note apart', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded(coffee(['oat'])));
    store.dispatch(cartActions.itemAdded(coffee(['cow'])));
    store.dispatch(cartActions.itemAdded(coffee(['oat'], 'extra hot')));
    expect(selectCartItems(store.getState())).toHaveLength(3);
  });

  it('changing a quantity to zero removes the item', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded(coffee()));
    const id = store.getState().cart.ids[0] as string;
    store.dispatch(cartActions.itemCountChanged({ id, count: 0 }));
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('an item updated to match another merges with it', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded(coffee(['oat'])));
    store.dispatch(cartActions.itemAdded(coffee(['cow'])));
    const cowId = selectCartItems(store.getState())[1]?.id as string;
    store.dispatch(cartActions.itemUpdated({ id: cowId, item: coffee(['oat']) }));
    expect(selectCartItems(store.getState()).map((i) => [i.deviations, i.count])).toEqual([[['oat'], 2]]);
  });

  it('takes the remote cart from the first session answer only', async () => {
    const remote = [{ id: 'r1', productId: 'bun', count: 2, deviations: [], description: '' }];
    const { store } = await loadedStore(shopData(), session({ cart: remote }));
    expect(selectCartItems(store.getState())).toEqual(remote);
    store.dispatch(cartActions.itemCountChanged({ id: 'r1', count: 0 }));
    // A late poll answer that still has the line must not bring it back.
    store.dispatch(sessionActions.loaded({ shopId: 'cafe', session: session({ cart: remote }) }));
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('entering another shop empties the cart', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded(coffee()));
    store.dispatch(sessionActions.loadRequested('other'));
    expect(selectCartItems(store.getState())).toEqual([]);
  });
});

describe('§2/§9 cart totals and counts', () => {
  it('prices an item as product plus extras times count', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded({ ...coffee(['oat']), count: 2 }));
    const [line] = selectCartLines(store.getState());
    expect(line?.unitPrice).toEqual(sek(4000));
    expect(line?.total).toEqual(sek(8000));
    expect(selectCartTotal(store.getState())).toEqual(sek(8000));
  });

  it('counts and totals include the tab items chosen for payment', async () => {
    const { store } = await loadedStore(shopData(), session({ activeTab: openTab() }));
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }));
    store.dispatch(sessionActions.tabItemCountChanged({ id: 'e1', count: 1 }));
    expect(selectCartQuantity(store.getState())).toBe(2);
    expect(selectCartTotal(store.getState())).toEqual(sek(2500 + 12900));
  });

  it('pay tab shows the whole tab total and the unpaid tab items not in the cart', async () => {
    const { store } = await loadedStore(shopData(), session({ activeTab: openTab() }));
    store.dispatch(sessionActions.tabItemCountChanged({ id: 'e1', count: 1 }));
    expect(selectTabTotal(store.getState())).toEqual(sek(2 * 12900 + 3500));
    expect(selectUnpaidTabCount(store.getState())).toBe(2);
    expect(selectTabLinesNotInCart(store.getState()).map((l) => l.entry.id)).toEqual(['e1', 'e2']);
    expect(selectTabLinesInCart(store.getState()).map((l) => [l.entry.id, l.selected])).toEqual([['e1', 1]]);
  });

  it('a tab item fully in the cart is no longer offered', async () => {
    const { store } = await loadedStore(shopData(), session({ activeTab: openTab() }));
    store.dispatch(sessionActions.tabItemCountChanged({ id: 'e2', count: 1 }));
    expect(selectTabLinesNotInCart(store.getState()).map((l) => l.entry.id)).toEqual(['e1']);
  });

  it('§2 pay whole tab selects every tab line with its full count in one action, keeping lines already chosen', async () => {
    const { store } = await loadedStore(shopData(), session({ activeTab: openTab() }));
    store.dispatch(sessionActions.tabItemCountChanged({ id: 'e2', count: 1 }));
    const revision = store.getState().cart.revision;
    store.dispatch(sessionActions.wholeTabChosen());
    // As choosing each line that was not fully chosen: Beer (already whole) stays, Burger is added after it.
    expect(store.getState().session.tabItems).toEqual([
      { id: 'e2', count: 1 },
      { id: 'e1', count: 2 },
    ]);
    expect(selectTabLinesNotInCart(store.getState())).toEqual([]);
    // One cart change, to be sent as any other.
    expect([store.getState().cart.revision, store.getState().cart.sync]).toEqual([revision + 1, 'pending']);
  });

  it('a tab item count is limited to its tab count', async () => {
    const { store } = await loadedStore(shopData(), session({ activeTab: openTab() }));
    store.dispatch(sessionActions.tabItemCountChanged({ id: 'e1', count: 9 }));
    expect(store.getState().session.tabItems).toEqual([{ id: 'e1', count: 2 }]);
  });
});

describe('§5 stock limits in the store', () => {
  it('remaining stock is the stock count less what the cart holds', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 2, deviations: [], description: '' }));
    expect(selectRemainingStock(store.getState(), 'bun')).toBe(1);
    expect(selectRemainingStock(store.getState(), 'coffee')).toBe(Infinity);
  });

  it('a product cannot be added once the cart holds its whole stock, nor when it is out of stock', async () => {
    const { store } = await loadedStore();
    // The product card's add button follows `addable`.
    const addable = (productId: string) => selectProductCard(store.getState(), productId)?.addable;
    expect(addable('bun')).toBe(true);
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 3, deviations: [], description: '' }));
    expect(addable('bun')).toBe(false);
    expect(addable('cake')).toBe(false);
    expect(addable('coffee')).toBe(true);
  });

  it('a cart line may go up to its count plus the remaining stock', async () => {
    const { store } = await loadedStore();
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }));
    store.dispatch(
      cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: 'warm' }),
    );
    expect(selectCartLines(store.getState()).map((l) => l.max)).toEqual([2, 2]);
  });

  it('§8 a stock level reported by the server lowers the remaining stock', async () => {
    const { store } = await loadedStore(shopData(), session(), {
      startPayment: () => new Promise(() => undefined),
    });
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 2, deviations: [], description: '' }));
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    store.dispatch(
      paymentActions.startFailed({
        error: { code: 'OUT_OF_STOCK', message: 'OUT_OF_STOCK' },
        stockLevels: [{ id: 'bun', stock: 1 }],
      }),
    );
    expect(selectRemainingStock(store.getState(), 'bun')).toBe(0);
    expect(selectCartLines(store.getState())[0]?.stockError).toBe(1);
  });

  it('a product card’s quantity does not change when another product is added', async () => {
    const { store } = await loadedStore();
    const before = selectProductQuantity(store.getState(), 'bun');
    store.dispatch(cartActions.itemAdded(coffee()));
    expect(selectProductQuantity(store.getState(), 'bun')).toBe(before);
    expect(selectProductQuantity(store.getState(), 'coffee')).toBe(1);
  });

  it('a product card’s state stays the same object until its own quantity or addability changes', async () => {
    const { store } = await loadedStore();
    const bun = selectProductCard(store.getState(), 'bun');
    expect(bun).toEqual({ product: expect.objectContaining({ id: 'bun' }), quantity: 0, addable: true });
    store.dispatch(cartActions.itemAdded(coffee()));
    expect(selectProductCard(store.getState(), 'bun')).toBe(bun);
    expect(selectProductCard(store.getState(), 'coffee')?.quantity).toBe(1);

    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 2, deviations: [], description: '' }));
    const two = selectProductCard(store.getState(), 'bun');
    expect(two).toMatchObject({ quantity: 2, addable: true });
    store.dispatch(
      cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: 'warm' }),
    );
    // The whole stock of 3 is in the cart: no more can be added.
    expect(selectProductCard(store.getState(), 'bun')).toMatchObject({ quantity: 3, addable: false });
    expect(selectProductCard(store.getState(), 'cake')).toMatchObject({ quantity: 0, addable: false });
    expect(selectProductCard(store.getState(), 'no such product')).toBeUndefined();
  });
});
