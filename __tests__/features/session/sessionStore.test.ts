import { sessionActions } from '../../../src/features/session/sessionSlice';
import { session, shopData } from '../../helpers/fixtures';
import { loadedStore } from '../../helpers/testStore';

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
