/**
 * Screens in their own chunks bring their sagas (app/router.tsx `lazyScreen`, issue 11): a visitor who
 * never opens a screen downloads neither, and one who does has them running before the screen acts.
 */
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider, useDispatch } from 'react-redux';
import { take } from 'redux-saga/effects';
import { lazyScreen } from '../../src/app/router';
import { testStore } from '../helpers/testStore';

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
