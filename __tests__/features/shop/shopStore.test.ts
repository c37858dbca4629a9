import { MALFORMED_RESPONSE, NetworkError } from '../../../src/shared/api';
import { pageActions } from '../../../src/shared/events';
import { selectCartTotalKnown } from '../../../src/features/cart';
import { COMPLETE_RETRY } from '../../../src/features/shopState/shopSagas';
import { selectOrderReference, sessionActions } from '../../../src/features/session/sessionSlice';
import {
  selectCategories,
  selectProductById,
  selectShopDisplayState,
  selectTheme,
} from '../../../src/features/shopState/shopSelectors';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import type { CartItem, Session, ShopData } from '../../../src/domain/types';
import { cartLine, session, shopData } from '../../helpers/fixtures';
import { deferred } from '../../helpers/renderApp';
import { loadedStore, testStore, until } from '../../helpers/testStore';

describe('§4 shop load', () => {
  it('holds the loaded shop as normalized entities with categories in display order', async () => {
    const { store } = await loadedStore();
    const state = store.getState();
    expect(state.shop.products.ids).toEqual(['coffee', 'bun', 'cake']);
    expect(selectProductById(state, 'bun')?.title).toBe('Bun');
    expect(selectCategories(state).map((c) => c.name)).toEqual(['Drinks', 'Bakery']);
    expect(state.shop.deviationGroups.entities.milk?.deviationIds).toEqual(['oat', 'cow']);
    expect(state.shop.paymentMethods.ids).toEqual(['pm-swish', 'pm-viva']);
  });

  it('is loading until the shop has loaded', () => {
    const { store } = testStore({
      getShop: () => new Promise(() => undefined),
      getSession: () => new Promise(() => undefined),
    });
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    expect(store.getState().shop.status).toBe('loading');
    expect(selectShopDisplayState(store.getState())).toBe('loading');
  });

  it('a 404 answer gives the notFound state', async () => {
    const { store } = testStore({
      getShop: () => Promise.reject(new NetworkError('Not found', { status: 404 })),
    });
    store.dispatch(shopActions.loadRequested({ shopId: 'nope' }));
    await until(store, (s) => s.shop.status !== 'loading');
    expect(store.getState().shop.status).toBe('notFound');
    expect(selectShopDisplayState(store.getState())).toBe('notFound');
  });

  it('another failure is an error, not notFound', async () => {
    const { store } = testStore({
      getShop: () => Promise.reject(new NetworkError('Bad gateway', { status: 502 })),
    });
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    await until(store, (s) => s.shop.status !== 'loading');
    expect(store.getState().shop.status).toBe('error');
  });

  it('ignores an answer for a shop the customer has already left', () => {
    const { store } = testStore({
      getShop: () => new Promise(() => undefined),
      getSession: () => new Promise(() => undefined),
    });
    store.dispatch(shopActions.loadRequested({ shopId: 'a' }));
    store.dispatch(shopActions.loadRequested({ shopId: 'b' }));
    store.dispatch(shopActions.loaded({ shopId: 'a', data: shopData() }));
    expect(store.getState().shop.status).toBe('loading');
    expect(store.getState().shop.products.ids).toEqual([]);
  });

  it('entering another shop drops the previous shop’s products', async () => {
    const { store } = await loadedStore();
    store.dispatch(shopActions.loadRequested({ shopId: 'other' }));
    expect(store.getState().shop.products.ids).toEqual([]);
  });
});

describe('the shop in the state (issue 37: a production render skips deep freezing)', () => {
  const loadedProduct = (store: ReturnType<typeof testStore>['store']) => {
    store.dispatch(shopActions.renderedByHost({ shopId: 'cafe', data: shopData() }));
    return store.getState().shop;
  };

  it('outside production a product cannot be changed in place: it is frozen all the way down', () => {
    const shop = loadedProduct(testStore().store);
    const bun = shop.products.entities.bun!;
    expect(Object.isFrozen(bun)).toBe(true);
    expect(Object.isFrozen(bun.deviationGroupIds)).toBe(true);
    expect(() => {
      (bun as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });

  it('a production build freezes only the entity containers, which Immer then skips', () => {
    const mode = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const shop = loadedProduct(testStore().store);
      expect(Object.isFrozen(shop.products)).toBe(true);
      expect(Object.isFrozen(shop.products.ids)).toBe(true);
      expect(Object.isFrozen(shop.products.entities)).toBe(true);
      // Immer left the products as they came: it neither walked nor froze the frozen container's contents.
      expect(Object.isFrozen(shop.products.entities.bun)).toBe(false);
    } finally {
      process.env.NODE_ENV = mode;
    }
  });
});

describe('§2 shop layout decision order', () => {
  const displayOf = async (data = shopData(), s = session()) =>
    selectShopDisplayState((await loadedStore(data, s)).store.getState());

  it('an open shop without a reference requirement shows the store', async () => {
    expect(await displayOf()).toBe('open');
  });

  it('a shop that is not open shows the closed page', async () => {
    expect(await displayOf(shopData({ shop: { ...shopData().shop, isOpen: false } }))).toBe('closed');
  });

  it('closed wins over a missing reference', async () => {
    expect(
      await displayOf(shopData({ shop: { ...shopData().shop, isOpen: false, requireReference: true } })),
    ).toBe('closed');
  });

  it('a shop that requires a reference and has none shows the reference page', async () => {
    expect(await displayOf(shopData({ shop: { ...shopData().shop, requireReference: true } }))).toBe(
      'needsReference',
    );
  });

  it('a reference from the session opens the store', async () => {
    expect(
      await displayOf(
        shopData({ shop: { ...shopData().shop, requireReference: true } }),
        session({ orderReference: '07' }),
      ),
    ).toBe('open');
  });

  it('§2 the table query becomes the reference once the server has taken it, never before its answer', async () => {
    const answer = deferred<Session>();
    const { store } = testStore({
      getShop: () => new Promise(() => undefined),
      getSession: () => answer.promise,
    });
    store.dispatch(sessionActions.loadRequested('cafe', { table: '12' }));
    expect(selectOrderReference(store.getState())).toBeNull();
    answer.resolve(session({ orderReference: '12' }));
    await until(store, (s) => s.session.status === 'loaded');
    expect(selectOrderReference(store.getState())).toBe('12');
  });

  it('a shop that needs a reference stays loading until the first session answer has arrived', () => {
    const { store } = testStore({
      getShop: () => new Promise(() => undefined),
      getSession: () => new Promise(() => undefined),
    });
    const data = shopData({ shop: { ...shopData().shop, requireReference: true } });
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    store.dispatch(shopActions.loaded({ shopId: 'cafe', data }));
    expect(selectShopDisplayState(store.getState())).toBe('loading');
  });

  it('the store of a shop that needs no reference is open before the session answer (its page is public)', () => {
    const { store } = testStore({
      getShop: () => new Promise(() => undefined),
      getSession: () => new Promise(() => undefined),
    });
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    store.dispatch(shopActions.loaded({ shopId: 'cafe', data: shopData() }));
    expect(selectShopDisplayState(store.getState())).toBe('open');
  });

  it('a page the host rendered answers the loads of its shop: nothing is fetched, the store stays', () => {
    const getShop = jest.fn(() => new Promise<never>(() => undefined));
    const { store } = testStore({ getShop, getSession: () => new Promise(() => undefined) });
    store.dispatch(shopActions.renderedByHost({ shopId: 'cafe', data: shopData() }));
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    expect(store.getState().shop.status).toBe('loaded');
    expect(getShop).not.toHaveBeenCalled();
    // Another shop is loaded from the API, and so is the page's shop after it.
    store.dispatch(shopActions.loadRequested({ shopId: 'restaurant' }));
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    expect(getShop).toHaveBeenCalledTimes(2);
  });
});

describe('§3 shop theme', () => {
  it('replaces invalid shop colours with the defaults', async () => {
    const hostile = shopData({
      shop: {
        ...shopData().shop,
        primaryColor: 'red;background:url(javascript:alert(1))',
        backgroundColor: 'nope',
      },
    });
    const theme = selectTheme((await loadedStore(hostile)).store.getState());
    expect(theme.primaryColor).toBe('#1db954');
    expect(theme.backgroundColor).toBe('#ffffff');
  });

  it('uses the default dark logo on a light shop without a logo', async () => {
    const theme = selectTheme((await loadedStore()).store.getState());
    expect(theme.logo).toBe('/static/logo-dark.svg');
  });
});

describe("issue 37: a page that came with a big shop's first products reads the rest", () => {
  /** The cafe as a big shop's page carries it: the coffee alone of its products. */
  const firstProducts = () => {
    const data = shopData();
    return { ...data, products: data.products.filter((product) => product.id === 'coffee') };
  };

  function partialStore(getShop: (shopId: string) => Promise<ShopData>, cart: CartItem[] = []) {
    const result = testStore({ getShop, getSession: () => Promise.resolve(session({ cart })) });
    result.store.dispatch(
      shopActions.renderedByHost({ shopId: 'cafe', data: firstProducts(), partial: true }),
    );
    result.store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    result.store.dispatch(sessionActions.loadRequested('cafe'));
    return result;
  }

  afterEach(() => jest.useRealTimers());

  it("the layout's load reads the whole shop once; the store shows meanwhile", async () => {
    const answer = deferred<ShopData>();
    const getShop = jest.fn(() => answer.promise);
    const { store } = partialStore(getShop);
    expect(getShop).toHaveBeenCalledTimes(1);
    expect(selectShopDisplayState(store.getState())).toBe('open');
    expect(store.getState().shop.partial).toBe(true);
    answer.resolve(shopData());
    await until(store, (s) => !s.shop.partial);
    expect(store.getState().shop.products.ids).toEqual(['coffee', 'bun', 'cake']);
  });

  it('a failed read keeps the store and is tried again when the browser is back online, or after a wait that doubles', async () => {
    jest.useFakeTimers();
    const getShop = jest.fn((): Promise<ShopData> =>
      Promise.reject(new NetworkError('Bad gateway', { status: 502 })),
    );
    const { store } = partialStore(getShop);
    await jest.advanceTimersByTimeAsync(0);
    expect(getShop).toHaveBeenCalledTimes(1);
    expect(selectShopDisplayState(store.getState())).toBe('open');
    store.dispatch(pageActions.cameOnline());
    await jest.advanceTimersByTimeAsync(0);
    expect(getShop).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(COMPLETE_RETRY.firstMs * 2 - 1);
    expect(getShop).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(getShop).toHaveBeenCalledTimes(3);
    getShop.mockImplementation(() => Promise.resolve(shopData()));
    await jest.advanceTimersByTimeAsync(COMPLETE_RETRY.firstMs * 4);
    expect(store.getState().shop).toMatchObject({ partial: false, status: 'loaded' });
    expect(getShop).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(COMPLETE_RETRY.longestMs * 2);
    expect(getShop).toHaveBeenCalledTimes(4);
  });

  it('the wait is never longer than COMPLETE_RETRY.longestMs', async () => {
    jest.useFakeTimers();
    const getShop = jest.fn(() => Promise.reject(new NetworkError('Failed to fetch', { status: 0 })));
    partialStore(getShop);
    await jest.advanceTimersByTimeAsync(COMPLETE_RETRY.longestMs * 10);
    const calls = getShop.mock.calls.length;
    await jest.advanceTimersByTimeAsync(COMPLETE_RETRY.longestMs);
    expect(getShop).toHaveBeenCalledTimes(calls + 1);
  });

  it('the shop gone (404) is the not-found page; an answer that is not a shop is the error page', async () => {
    const gone = partialStore(() => Promise.reject(new NetworkError('Not found', { status: 404 }))).store;
    await until(gone, (s) => s.shop.status === 'notFound');
    const malformed = partialStore(() =>
      Promise.reject(new NetworkError('Unexpected answer', { status: 200, code: MALFORMED_RESPONSE })),
    ).store;
    await until(malformed, (s) => s.shop.status === 'error');
  });

  it("the cart's total is not told while the cart holds a product not read yet; it is once the shop is whole", async () => {
    const answer = deferred<ShopData>();
    const { store } = partialStore(
      () => answer.promise,
      [cartLine('i1', 'coffee', 1), cartLine('i2', 'bun', 2)],
    );
    await until(store, (s) => s.session.initialLoadDone);
    expect(selectCartTotalKnown(store.getState())).toBe(false);
    answer.resolve(shopData());
    await until(store, (s) => !s.shop.partial);
    expect(selectCartTotalKnown(store.getState())).toBe(true);
  });

  it('a cart of the products the page carries has its total at once', async () => {
    const { store } = partialStore(() => new Promise(() => undefined), [cartLine('i1', 'coffee', 1)]);
    await until(store, (s) => s.session.initialLoadDone);
    expect(store.getState().shop.partial).toBe(true);
    expect(selectCartTotalKnown(store.getState())).toBe(true);
  });
});
