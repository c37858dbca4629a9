/**
 * docs/kiosk.md "The next customer": the shop's public answer a kiosk's page carries across its reset, and the
 * bounds on using it (same shop, same start language, at most 15 minutes since it was live, not offline,
 * once), and the shop state it makes on the fresh page: drawn at once, replaced by the live answer, dropped
 * when that fails (docs/product-rules.md §4: the shop load).
 */
import type { ShopData } from '../../../src/domain/types';
import {
  CARRIED_MENU_KEY,
  CARRIED_MENU_MAX_AGE_MS,
  keepMenu,
  takeMenu,
} from '../../../src/features/kiosk/carriedMenu';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import { selectProductById, selectShopDisplayState } from '../../../src/features/shopState/shopSelectors';
import { selectLiveShop } from '../../../src/features/shopState/shopLazySelectors';
import { NetworkError } from '../../../src/shared/api';
import { shopData } from '../../helpers/fixtures';
import { memoryStorage } from '../../helpers/memoryStorage';
import { deferred } from '../../helpers/renderApp';
import { loadedStore, testStore, until } from '../../helpers/testStore';

const NOW = Date.UTC(2026, 11, 7, 12);
const SE = { language: null }; // a SEK café whose kiosk names no language: Swedish
const here = (more: Partial<Parameters<typeof takeMenu>[1]> = {}) => ({
  shopId: 'cafe',
  setting: SE,
  now: NOW,
  online: true,
  ...more,
});

/** A storage holding the café's menu as a kiosk's page kept it `ageMs` ago. */
function carried(
  ageMs = 0,
  data: ShopData = shopData(),
  setting: { language: 'se' | 'en' | 'fi' | null } = SE,
) {
  const storage = memoryStorage();
  keepMenu(storage, 'cafe', data, setting, NOW - ageMs);
  return storage;
}

describe('the carried menu: what crosses a kiosk reset and when it is used', () => {
  it('the same shop, the same start language, within 15 minutes: the live answer as it was kept', () => {
    const data = shopData();
    expect(takeMenu(carried(CARRIED_MENU_MAX_AGE_MS, data), here())).toEqual(data);
  });

  it('taken once: a second page (a reload) reads the network', () => {
    const storage = carried();
    expect(takeMenu(storage, here())).not.toBeNull();
    expect(storage.data.has(CARRIED_MENU_KEY)).toBe(false);
    expect(takeMenu(storage, here())).toBeNull();
  });

  it('older than 15 minutes: not used (and gone)', () => {
    const storage = carried(CARRIED_MENU_MAX_AGE_MS + 1);
    expect(takeMenu(storage, here())).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('another shop: not used', () => {
    expect(takeMenu(carried(), here({ shopId: 'restaurant' }))).toBeNull();
  });

  it('another start language (the kiosk set to English since): not used', () => {
    expect(takeMenu(carried(), here({ setting: { language: 'en' } }))).toBeNull();
    expect(
      takeMenu(carried(0, shopData(), { language: 'en' }), here({ setting: { language: 'en' } })),
    ).not.toBeNull();
  });

  it('offline: not used, a menu that cannot be confirmed is never drawn', () => {
    expect(takeMenu(carried(), here({ online: false }))).toBeNull();
  });

  it('anything else in the key is not used: not JSON, another shape, a refusing storage', () => {
    for (const text of ['{', 'null', '{"shopId":"cafe","language":"se","at":0,"shop":{}}']) {
      const storage = memoryStorage();
      storage.setItem(CARRIED_MENU_KEY, text);
      expect(takeMenu(storage, here({ now: 0 }))).toBeNull();
    }
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => keepMenu(refusing, 'cafe', shopData(), SE, NOW)).not.toThrow();
    expect(takeMenu(refusing, here())).toBeNull();
  });

  it('only the shop’s public answer is kept: a live, whole answer, never a carried or partial one', async () => {
    const { store } = await loadedStore();
    const state = store.getState();
    const live = (shop: Partial<typeof state.shop>) =>
      selectLiveShop({ ...state, shop: { ...state.shop, ...shop } });
    expect(selectLiveShop(state)).toEqual({ shopId: 'cafe', data: shopData() });
    expect(live({ carried: true })).toBeNull();
    expect(live({ partial: true })).toBeNull();
    expect(live({ status: 'loading' })).toBeNull();
    expect(Object.keys(JSON.parse(carried().getItem(CARRIED_MENU_KEY) ?? '{}') as object).sort()).toEqual([
      'at',
      'language',
      'shop',
      'shopId',
    ]);
  });
});

describe('§4 shop load on a kiosk’s fresh page: the carried menu at once, the live answer over it', () => {
  const STALE_PRICE = { amount: 99_900, currency: 'SEK' } as const;
  const livePrice = shopData().products.find((p) => p.id === 'bun')?.price;
  const stale = (): ShopData => {
    const data = shopData();
    return {
      ...data,
      products: data.products.map((p) => (p.id === 'bun' ? { ...p, price: STALE_PRICE } : p)),
    };
  };

  it('the store shows from the carried menu while the live answer is on its way, and the live answer replaces it', async () => {
    const live = deferred<ShopData>();
    const { store } = testStore({ getShop: () => live.promise });
    store.dispatch(shopActions.carriedAcrossReset({ shopId: 'cafe', data: stale() }));
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    expect(selectShopDisplayState(store.getState())).toBe('open');
    expect(selectProductById(store.getState(), 'bun')?.price).toEqual(STALE_PRICE);
    live.resolve(shopData());
    await until(store, (s) => s.shop.status === 'loaded');
    expect(selectProductById(store.getState(), 'bun')?.price).toEqual(livePrice);
    expect(store.getState().shop.carried).toBe(false);
  });

  it('the shop closed meanwhile: the live answer shows it closed, whatever the carried menu said', async () => {
    const live = deferred<ShopData>();
    const { store } = testStore({ getShop: () => live.promise });
    store.dispatch(shopActions.carriedAcrossReset({ shopId: 'cafe', data: shopData() }));
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    expect(selectShopDisplayState(store.getState())).toBe('open');
    const closed = shopData();
    live.resolve({ ...closed, shop: { ...closed.shop, isOpen: false } });
    await until(store, (s) => s.shop.status === 'loaded');
    expect(selectShopDisplayState(store.getState())).toBe('closed');
  });

  it('a live answer already in is never replaced by the carried menu', async () => {
    const { store } = await loadedStore();
    store.dispatch(shopActions.carriedAcrossReset({ shopId: 'cafe', data: stale() }));
    expect(store.getState().shop.carried).toBe(false);
    expect(selectProductById(store.getState(), 'bun')?.price).toEqual(livePrice);
  });

  it('the live answer failing drops the carried menu: the kiosk waits for the API under its pause, never orders from it', async () => {
    const { store } = testStore({
      getShop: () => Promise.reject(new NetworkError('offline', { status: 0 })),
    });
    store.dispatch(shopActions.carriedAcrossReset({ shopId: 'cafe', data: stale() }));
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    await until(store, (s) => s.shop.status === 'error');
    expect(selectShopDisplayState(store.getState())).toBe('error');
    expect(store.getState().shop.products.ids).toEqual([]);
    expect(store.getState().shop.carried).toBe(false);
  });
});
