import { sessionActions } from '../../../src/features/session/sessionSlice';
import { selectShopDisplayState } from '../../../src/features/shopState/shopSelectors';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import { NetworkError } from '../../../src/shared/api';
import { session, shopData } from '../../helpers/fixtures';
import { loadedStore, testStore, until } from '../../helpers/testStore';

describe('§5 reference', () => {
  it('an accepted reference becomes the order reference', async () => {
    const { store } = await loadedStore(shopData({ shop: { ...shopData().shop, requireReference: true } }));
    store.dispatch(sessionActions.referenceSubmitted({ shopId: 'cafe', reference: '07' }));
    expect(store.getState().session.reference.status).toBe('saving');
    store.dispatch(sessionActions.referenceAccepted({ reference: '07' }));
    expect(store.getState().session.orderReference).toBe('07');
  });

  it('a rejected reference keeps the reason for its message', async () => {
    const { store } = await loadedStore();
    store.dispatch(sessionActions.referenceRejected('notFound'));
    expect(store.getState().session.reference).toEqual({ status: 'error', error: 'notFound' });
  });

  it('the first session answer brings the tab choices; later ones do not overwrite local choices', async () => {
    const activeTab = {
      id: 't',
      customerReference: 'Bord 1',
      entries: [
        {
          id: 'e1',
          count: 3,
          price: { amount: 100, currency: 'SEK' as const },
          productId: 'p',
          title: 'T',
          deviations: [],
          description: '',
          beingPaid: 0,
        },
      ],
    };
    const { store } = await loadedStore(
      shopData(),
      session({ activeTab, tabItems: [{ id: 'e1', count: 1 }] }),
    );
    expect(store.getState().session.tabItems).toEqual([{ id: 'e1', count: 1 }]);
    store.dispatch(sessionActions.tabItemCountChanged({ id: 'e1', count: 2 }));
    store.dispatch(
      sessionActions.loaded({
        shopId: 'cafe',
        session: session({ activeTab, tabItems: [{ id: 'e1', count: 1 }] }),
      }),
    );
    expect(store.getState().session.tabItems).toEqual([{ id: 'e1', count: 2 }]);
  });
});

describe('§5 a ?table= without a table’s shape (a bad QR sticker)', () => {
  const tooLong = '1'.repeat(33);
  const requiresReference = shopData({ shop: { ...shopData().shop, requireReference: true } });

  /** The demo API's answer to GET cart: 400 for a table over 32 characters, else it takes the table. */
  function sessionApi() {
    return jest.fn((_shopId: string, query?: { table?: string }) =>
      (query?.table?.length ?? 0) > 32
        ? Promise.reject(new NetworkError('Bad Request', { status: 400, code: 'FST_ERR_VALIDATION' }))
        : Promise.resolve(session({ orderReference: query?.table ?? null })),
    );
  }

  async function open(table: string) {
    const getSession = sessionApi();
    const { store } = testStore({ getShop: () => Promise.resolve(requiresReference), getSession });
    store.dispatch(shopActions.loadRequested({ shopId: 'cafe' }));
    store.dispatch(sessionActions.loadRequested('cafe', { table }));
    await until(store, (s) => s.shop.status === 'loaded' && s.session.status !== 'loading');
    return { store, getSession };
  }

  it('§5 an over-long table is refused without its text: the session loads without it and the reference page says what a table number is', async () => {
    const { store, getSession } = await open(tooLong);
    expect(getSession).toHaveBeenCalledWith('cafe', { table: undefined }, expect.any(AbortSignal));
    const state = store.getState();
    expect(state.session.status).toBe('loaded');
    expect(state.session.orderReference).toBeNull();
    expect(selectShopDisplayState(state)).toBe('needsReference');
    expect(state.session.reference).toEqual({ status: 'error', error: 'invalid' });
    expect(state.session.refusedTable).toBe('');
  });

  it('§5 a table of six letters or digits is still sent, trimmed, and becomes the order reference; one of seven is not', async () => {
    const six = await open(' Å2345b ');
    expect(six.getSession).toHaveBeenCalledWith('cafe', { table: 'Å2345b' }, expect.any(AbortSignal));
    expect(six.store.getState().session.orderReference).toBe('Å2345b');
    expect(six.store.getState().session.reference.error).toBeNull();
    const seven = await open('1234567');
    expect(seven.getSession).toHaveBeenCalledWith('cafe', { table: undefined }, expect.any(AbortSignal));
    expect(seven.store.getState().session.orderReference).toBeNull();
  });

  it('§2 Save on the reference page then works as usual after an over-long table', async () => {
    const { store } = await open(` ${tooLong} `);
    store.dispatch(sessionActions.referenceAccepted({ reference: '07' }));
    expect(store.getState().session.reference).toEqual({ status: 'idle', error: null });
    expect(selectShopDisplayState(store.getState())).toBe('open');
  });
});
