/**
 * docs/product-rules.md §3, "a tab line is held while it is paid": every phone at the table shows the lines
 * another guest is paying for, so the cart page reads an open tab again while it is in view (a real store on
 * Jest's fake clock; the API is a fake that counts the reads).
 */
import { makeStore } from '../../../src/app/store';
import type { Session } from '../../../src/domain/types';
import { OPEN_TAB_REFRESH_MS } from '../../../src/features/cart/cartSagas';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { manualPageSignals } from '../../../src/shared/pageSignals';
import { openTab, session } from '../../helpers/fixtures';
import { memoryStorage } from '../../helpers/memoryStorage';
import { fakeApi } from '../../helpers/testStore';

function storeWith(first: Session, later: Session) {
  const page = manualPageSignals();
  const getSession = jest.fn(() => Promise.resolve(later));
  const store = makeStore({
    api: fakeApi({ getSession, putCart: () => Promise.resolve() }),
    navigate: jest.fn(),
    assignLocation: jest.fn(),
    reportError: jest.fn(),
    origin: 'https://shop.test',
    isMobile: true,
    vivaCheckoutUrl: 'https://viva.test',
    storage: memoryStorage(),
    page,
    currentSearch: () => '',
    replaceLocation: jest.fn(),
  });
  store.dispatch(sessionActions.loadRequested('restaurant'));
  store.dispatch(sessionActions.loaded({ shopId: 'restaurant', session: first }));
  getSession.mockClear();
  return { store, page, getSession };
}

const heldBeer = (): Session => {
  const tab = openTab();
  return session({
    activeTab: { ...tab, entries: tab.entries.map((e) => ({ ...e, beingPaid: e.id === 'e2' ? 1 : 0 })) },
  });
};

describe('§3 the cart page reads an open tab again, so a line another guest is paying for shows on every phone', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('every OPEN_TAB_REFRESH_MS while the cart page is open and in view; the held line then shows as being paid', async () => {
    const { store, getSession } = storeWith(session({ activeTab: openTab() }), heldBeer());
    store.dispatch(paymentActions.cartOpened());
    await jest.advanceTimersByTimeAsync(OPEN_TAB_REFRESH_MS - 1);
    expect(getSession).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(store.getState().session.activeTab?.entries.map((e) => e.beingPaid)).toEqual([0, 1]);
    await jest.advanceTimersByTimeAsync(OPEN_TAB_REFRESH_MS);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('rests while the page is hidden and when the cart page is left', async () => {
    const { store, page, getSession } = storeWith(session({ activeTab: openTab() }), heldBeer());
    store.dispatch(paymentActions.cartOpened());
    page.hidden = true;
    await jest.advanceTimersByTimeAsync(3 * OPEN_TAB_REFRESH_MS);
    expect(getSession).not.toHaveBeenCalled();
    page.hidden = false;
    store.dispatch(paymentActions.cartClosed());
    await jest.advanceTimersByTimeAsync(3 * OPEN_TAB_REFRESH_MS);
    expect(getSession).not.toHaveBeenCalled();
  });

  it('keeps no timer without an open tab', async () => {
    const { store, getSession } = storeWith(session(), session());
    store.dispatch(paymentActions.cartOpened());
    await jest.advanceTimersByTimeAsync(3 * OPEN_TAB_REFRESH_MS);
    expect(getSession).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });
});
