/**
 * Screens in their own chunks bring their sagas (app/router.tsx `lazyScreen`, issue 11): a visitor who
 * never opens a screen downloads neither, and one who does has them running before the screen acts.
 */
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider, useDispatch } from 'react-redux';
import { take } from 'redux-saga/effects';
import { lazyScreen } from '../../src/app/router';
import { addScreenReducers } from '../../src/app/store';
import type * as StoreModule from '../../src/app/store';
import { testStore } from '../helpers/testStore';

// The store's addScreenReducers, counted (the real one, wrapped), to see that a screen's code brings its slices.
jest.mock('../../src/app/store', () => {
  const actual = jest.requireActual<typeof StoreModule>('../../src/app/store');
  return { ...actual, addScreenReducers: jest.fn(actual.addScreenReducers) };
});

function setup() {
  const seen: string[] = [];
  let started = 0;
  function* screenSaga() {
    started += 1;
    for (;;) {
      const action: { type: string } = yield take('test/screenOpened');
      seen.push(action.type);
    }
  }
  function TestScreen() {
    const dispatch = useDispatch();
    useEffect(() => {
      dispatch({ type: 'test/screenOpened' });
    }, [dispatch]);
    return <p>the screen</p>;
  }
  const load = jest.fn(() => Promise.resolve({ TestScreen, screenSagas: [screenSaga] }));
  return { Screen: lazyScreen(load, 'TestScreen'), load, seen, started: () => started };
}

describe('lazy screens and their sagas', () => {
  it("a screen's sagas start when it first renders, in time for what its effects dispatch", async () => {
    const { Screen, seen, load } = setup();
    const { store } = testStore();
    expect(load).not.toHaveBeenCalled(); // nothing is fetched before the screen is rendered
    render(
      <Provider store={store}>
        <Screen />
      </Provider>,
    );
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    expect(seen).toEqual(['test/screenOpened']);
  });

  it('they run once per store however often the screen mounts', async () => {
    const { Screen, started } = setup();
    const { store } = testStore();
    const first = render(
      <Provider store={store}>
        <Screen />
      </Provider>,
    );
    await screen.findByText('the screen');
    first.unmount();
    render(
      <Provider store={store}>
        <Screen />
      </Provider>,
    );
    await screen.findByText('the screen');
    expect(started()).toBe(1);
  });

  it('preload() fetches the chunk ahead of rendering it', async () => {
    const { Screen, load } = setup();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("a merchant screen's slices arrive with its code (the customer's first load carries none)", () => {
  it('a store made before the screen loads has none of their state; its selectors read the initial state', async () => {
    await jest.isolateModulesAsync(async () => {
      // A fresh store module: no screen has loaded in it yet (testStore adds every screen's slices).
      const fresh = jest.requireActual<typeof StoreModule>('../../src/app/store');
      const slice = await import('../../src/features/integration/integrationSlice');
      const store = fresh.makeStore();
      store.dispatch(slice.integrationActions.callbackMissingParams());
      for (const key of ['integration', 'passwordReset', 'receiptDownload'])
        expect(store.getState()).not.toHaveProperty(key);
      expect(slice.selectCallback(store.getState()).status).toBe('idle');

      // The screen's code arrives: its slice joins the same store, which keeps its state.
      const before = store.getState().cart;
      fresh.addScreenReducers({ integration: slice.integrationReducer });
      store.dispatch(slice.integrationActions.callbackMissingParams());
      expect(slice.selectCallback(store.getState()).status).toBe('missingParams');
      expect(store.getState().cart).toBe(before);
    });
  });

  it('lazyScreen adds the module’s screenReducers when its code arrives', async () => {
    const reducers = { receiptDownload: jest.fn() };
    const Screen = lazyScreen(
      () => Promise.resolve({ TestScreen: () => <p>the screen</p>, screenReducers: reducers }),
      'TestScreen',
    );
    const { store } = testStore();
    render(
      <Provider store={store}>
        <Screen />
      </Provider>,
    );
    await screen.findByText('the screen');
    expect(addScreenReducers).toHaveBeenCalledWith(reducers);
  });
});
