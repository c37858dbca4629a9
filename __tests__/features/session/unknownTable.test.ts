/**
 * Issue 40, "wrong turns end well": a table from the address counts only once the server has taken it (§2
 * shop layout, §5 order reference). One it does not know leads to the reference page, kept there to be
 * corrected; the newest `?table=` decides, never an older one the browser kept.
 */
import { expectSaga } from 'redux-saga-test-plan';
import { sessionSaga } from '../../../src/features/session/sessionSagas';
import { selectOrderReference, sessionActions } from '../../../src/features/session/sessionSlice';
import { selectShopDisplayState } from '../../../src/features/shopState/shopSelectors';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import type { Api } from '../../../src/shared/api';
import { serverSession, session, shopData } from '../../helpers/fixtures';
import { fakeApi, testStore, until } from '../../helpers/testStore';

const restaurant = shopData({ shop: { ...shopData().shop, requireReference: true } });

/** The restaurant, whose server knows tables 07 and 12, with the session loaded for each table in turn. */
function restaurantStore(getSession: Api['getSession'] = serverSession(['07', '12'])) {
  const { store } = testStore({ getShop: () => Promise.resolve(restaurant), getSession });
  store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
  const open = async (table: string) => {
    store.dispatch(sessionActions.loadRequested('cafe', { table }));
    await until(store, (s) => s.shop.status === 'loaded' && s.session.status === 'loaded');
    return store.getState();
  };
  return { store, open };
}

describe('§2 a table from the address is set only when the server took it', () => {
  it('§2: an unknown table from the address leads to the reference page, which says "Table number not found" and keeps the table to correct', async () => {
    const state = await restaurantStore().open('99');
    expect(selectShopDisplayState(state)).toBe('needsReference');
    expect(selectOrderReference(state)).toBeNull();
    expect(state.session.reference).toEqual({ status: 'error', error: 'notFound' });
    expect(state.session.refusedTable).toBe('99');
  });

  it('§2: a newer ?table= wins over the one the browser kept: an unknown one asks for the table again, a known one is taken', async () => {
    const { open } = restaurantStore();
    expect(selectOrderReference(await open('07'))).toBe('07');
    const refused = await open('99');
    expect(selectShopDisplayState(refused)).toBe('needsReference');
    expect(selectOrderReference(refused)).toBeNull();
    const taken = await open('12');
    expect(selectShopDisplayState(taken)).toBe('open');
    expect(selectOrderReference(taken)).toBe('12');
    expect(taken.session.reference).toEqual({ status: 'idle', error: null });
    expect(taken.session.refusedTable).toBeNull();
  });

  it('§2: nothing is ordered or paid against a refused table, even where the server still names an older one', async () => {
    // A server that keeps table 07 whatever comes next; a table too long to send is refused by the page itself.
    const { open } = restaurantStore(jest.fn(() => Promise.resolve(session({ orderReference: '07' }))));
    expect(selectOrderReference(await open('07'))).toBe('07');
    const state = await open('7'.repeat(40));
    expect(selectOrderReference(state)).toBeNull();
    expect(selectShopDisplayState(state)).toBe('needsReference');
  });

  it('§2: a table accepted on the reference page opens the store', async () => {
    const { store, open } = restaurantStore();
    await open('99');
    store.dispatch(sessionActions.referenceAccepted({ reference: '12' }));
    expect(selectOrderReference(store.getState())).toBe('12');
    expect(selectShopDisplayState(store.getState())).toBe('open');
  });
});

describe('§2 the reference page after a refused table', () => {
  /** The session saga's Save with the address at `search`: what it did to the address. */
  async function save(search: string) {
    const navigate = jest.fn();
    const context: Record<string, unknown> = {
      api: fakeApi({
        submitReference: jest.fn(() => Promise.resolve()),
        getSession: jest.fn(() => Promise.resolve(session({ orderReference: '12' }))),
      }),
      navigate,
      currentSearch: () => search,
    };
    await expectSaga(sessionSaga)
      .provide({ getContext: (key: string) => context[key] })
      .dispatch(sessionActions.referenceSubmitted({ shopId: 'restaurant', reference: '12' }))
      .put(sessionActions.referenceAccepted({ reference: '12' }))
      .silentRun(100);
    return navigate;
  }

  it('§2: the accepted table replaces the refused one in the address, so a reload sends the newest (and keeps the rest)', async () => {
    expect(await save('?table=99&tabId=tab-12')).toHaveBeenCalledWith('?table=12&tabId=tab-12', {
      replace: true,
    });
  });

  it('§2: an address without a table is left as it is', async () => {
    expect(await save('?lng=se')).not.toHaveBeenCalled();
  });
});
