import { NetworkError } from '../../../src/shared/api';
import { selectOrderReference, sessionActions } from '../../../src/features/session/sessionSlice';
import {
  selectCategories,
  selectProductById,
  selectShopDisplayState,
  selectTheme,
} from '../../../src/features/shopState/shopSelectors';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import type { Session } from '../../../src/domain/types';
import { session, shopData } from '../../helpers/fixtures';
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
