/**
 * Issue 34: a part whose code failed to load (offline, a flaky network) is loaded again when the customer
 * asks again or the browser comes back online; React.lazy alone keeps the failure for good.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { lazyWithRetry } from '../../src/shared/lazyWithRetry';
import { LoadBoundary } from '../../src/shared/ui/LoadBoundary';
import { testI18n } from '../helpers/renderApp';

function Panel({ label }: { label: string }) {
  return <p>{label}</p>;
}

/** A chunk that fails while the network is down (`network.up` false), and arrives once it is up. */
function flakyChunk() {
  const network = { up: false };
  const load = jest.fn(() =>
    network.up
      ? Promise.resolve({ default: Panel })
      : Promise.reject(new Error('ChunkLoadError: Loading chunk failed')),
  );
  return { load, network, Part: lazyWithRetry(load) };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

function renderPart(Part: ReturnType<typeof flakyChunk>['Part']) {
  return render(
    <I18nextProvider i18n={i18n}>
      <LoadBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Part label="the card fields" />
        </Suspense>
      </LoadBoundary>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught failure
});
afterEach(() => jest.restoreAllMocks());

test('issue 34: Try again after a failed load fetches the code anew and shows the part', async () => {
  const { load, network, Part } = flakyChunk();
  renderPart(Part);
  const retry = await screen.findByRole('button', { name: 'Try again' });
  expect(screen.getByRole('alert')).toBeInTheDocument();
  network.up = true;
  const before = load.mock.calls.length;
  await userEvent.click(retry);
  expect(await screen.findByText('the card fields')).toBeInTheDocument();
  expect(load.mock.calls.length).toBeGreaterThan(before);
});

test('issue 34: coming back online loads a failed part again by itself', async () => {
  const { network, Part } = flakyChunk();
  renderPart(Part);
  await screen.findByRole('button', { name: 'Try again' });
  network.up = true;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('the card fields')).toBeInTheDocument();
});

test('issue 34: the part asked for again elsewhere (mounted anew) loads again, once it has, never again', async () => {
  const { load, network, Part } = flakyChunk();
  const first = renderPart(Part);
  await screen.findByRole('button', { name: 'Try again' });
  first.unmount();
  network.up = true;
  const second = renderPart(Part);
  expect(await screen.findByText('the card fields')).toBeInTheDocument();
  const loads = load.mock.calls.length;
  second.unmount();
  renderPart(Part);
  expect(screen.getByText('the card fields')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(loads);
});

test('issue 34: while the network stays down a failed part shows Try again and is not loaded again by itself', async () => {
  const { load, Part } = flakyChunk();
  renderPart(Part);
  await screen.findByRole('button', { name: 'Try again' });
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);
});

test('§2 Kiosk (the order panel beside the store): a part whose code is already in is drawn in the same render, no fallback first', async () => {
  const load = jest.fn(() => Promise.resolve({ default: Panel }));
  const Part = lazyWithRetry(load);
  Part.preload();
  await act(async () => undefined);
  renderPart(Part);
  expect(screen.getByText('the card fields')).toBeInTheDocument();
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
});

test('§2 Kiosk: a part drawn before its code was in keeps its state when drawn again after (not mounted anew)', async () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return (
      <button type="button" onClick={() => setCount(count + 1)}>
        {`pressed ${count}`}
      </button>
    );
  }
  const Part = lazyWithRetry(() => Promise.resolve({ default: Counter }));
  const view = render(
    <Suspense fallback={<p>loading</p>}>
      <Part />
    </Suspense>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'pressed 0' }));
  view.rerender(
    <Suspense fallback={<p>loading</p>}>
      <Part />
    </Suspense>,
  );
  expect(screen.getByRole('button', { name: 'pressed 1' })).toBeInTheDocument();
});
