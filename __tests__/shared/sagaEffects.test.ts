/**
 * Real cancellation: every saga read goes through callAbortable, so a cancelled task aborts the request it is
 * waiting for; writes the customer asked for are never aborted. The helper's rules on plain runSaga, then
 * feature sagas whose tasks are cancelled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Action } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { cancelOnServer } from '../../src/features/payment/pendingSagas';
import { receiptDownloadSaga } from '../../src/features/receipt/receiptDownloadSagas';
import { receiptDownloadActions } from '../../src/features/receipt/receiptDownloadSlice';
import { paymentActions } from '../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../src/features/session/sessionSlice';
import type { Session } from '../../src/domain/types';
import { pageActions } from '../../src/shared/pageSignals';
import type { SagaContext } from '../../src/shared/sagaContext';
import { callAbortable, context } from '../../src/shared/sagaEffects';
import { session } from '../helpers/fixtures';
import { deferred } from '../helpers/renderApp';
import { fakeApi, loadedStore } from '../helpers/testStore';

const FEATURES = path.resolve(__dirname, '..', '..', 'src', 'features');

/** Lets every pending promise and saga step run. */
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A fake API call that records the signal it was given and answers when the test says so. */
function fakeRequest<T>() {
  const answer = deferred<T>();
  const signals: AbortSignal[] = [];
  const fn = jest.fn((_id: string, signal: AbortSignal) => {
    signals.push(signal);
    return answer.promise;
  });
  return { fn, answer, signals };
}

/** Runs `saga` with `ctx` as its context, recording what it puts. */
function run<T>(saga: () => Generator<unknown, T, unknown>, ctx: Partial<SagaContext> = {}) {
  const dispatched: Action[] = [];
  const task = runSaga({ context: ctx, dispatch: (a: Action) => dispatched.push(a) }, saga);
  return { task, dispatched };
}

describe('callAbortable', () => {
  it('a cancelled task aborts its request’s signal', async () => {
    const request = fakeRequest<string>();
    const { task } = run(function* () {
      return yield* callAbortable(request.fn, 'a');
    });
    expect(request.fn).toHaveBeenCalledWith('a', expect.any(AbortSignal));
    expect(request.signals[0]?.aborted).toBe(false);
    task.cancel();
    expect(request.signals[0]?.aborted).toBe(true);
    expect(task.isCancelled()).toBe(true);
  });

  it('a cancelled task does not go on past its request', async () => {
    const request = fakeRequest<string>();
    const { task, dispatched } = run(function* () {
      const answer = yield* callAbortable(request.fn, 'a');
      yield put({ type: 'after', payload: answer });
    });
    task.cancel();
    request.answer.resolve('late');
    await flush();
    expect(dispatched).toEqual([]);
  });

  it('a completed request’s signal is not aborted', async () => {
    const request = fakeRequest<string>();
    const { task } = run(function* () {
      return yield* callAbortable(request.fn, 'a');
    });
    request.answer.resolve('answer');
    await expect(task.toPromise()).resolves.toBe('answer');
    expect(request.signals[0]?.aborted).toBe(false);
  });

  it('an error is rethrown and the signal is not aborted', async () => {
    const request = fakeRequest<string>();
    const failure = new Error('HTTP 500');
    const { task } = run(function* () {
      try {
        yield* callAbortable(request.fn, 'a');
        return null;
      } catch (error) {
        return error;
      }
    });
    request.answer.reject(failure);
    await expect(task.toPromise()).resolves.toBe(failure);
    expect(request.signals[0]?.aborted).toBe(false);
  });
});

describe('context', () => {
  it('gives the saga context’s entry for the key', async () => {
    const { task } = run(
      function* () {
        return yield* context('origin');
      },
      { origin: 'https://shop.test' },
    );
    await expect(task.toPromise()).resolves.toBe('https://shop.test');
  });
});

describe('feature sagas', () => {
  it('§4 a payment that leaves the machine (another shop entered) stops its poll and aborts the session read in flight', async () => {
    const started = session({ paymentStatus: 'STARTED', paymentId: 'p1', paymentMethodId: 'pm-swish' });
    const poll = deferred<Session>();
    const getSession = jest
      .fn<Promise<Session>, [string, unknown, AbortSignal]>()
      .mockResolvedValueOnce(started) // the page's first load
      .mockReturnValue(poll.promise);
    const { store } = await loadedStore(undefined, started, { getSession });
    store.dispatch(pageActions.becameVisible()); // the poll's pause ends at once
    await flush();
    expect(getSession).toHaveBeenCalledTimes(2);
    const signal = getSession.mock.calls[1]?.[2];
    expect(signal?.aborted).toBe(false);
    // Leaving the cart page no longer stops it (§4 polls on every screen) …
    store.dispatch(paymentActions.cartClosed());
    expect(signal?.aborted).toBe(false);
    // … the payment leaving the machine does.
    store.dispatch(sessionActions.loadRequested('other-shop'));
    expect(signal?.aborted).toBe(true);
  });

  it('opening another receipt aborts the download still in flight (takeLatest)', async () => {
    const first = deferred<Uint8Array>();
    const getReceiptPdf = jest
      .fn<Promise<Uint8Array>, [string, string, AbortSignal]>()
      .mockReturnValueOnce(first.promise)
      .mockReturnValue(new Promise(() => {}));
    const channel = stdChannel();
    runSaga(
      { channel, dispatch: (a: Action) => channel.put(a), context: { api: fakeApi({ getReceiptPdf }) } },
      receiptDownloadSaga,
    );
    channel.put(receiptDownloadActions.pageOpened({ companyId: 'c-cafe', receiptId: 'r-1' }));
    const signal = getReceiptPdf.mock.calls[0]?.[2];
    expect(signal?.aborted).toBe(false);
    channel.put(receiptDownloadActions.pageOpened({ companyId: 'c-cafe', receiptId: 'r-2' }));
    expect(signal?.aborted).toBe(true);
    expect(getReceiptPdf.mock.calls[1]?.[2]?.aborted).toBe(false);
  });

  it('no saga sends a write the customer asked for through callAbortable', () => {
    const writes = ['startPayment', 'cancelPayment', 'emailReceipt', 'submitReference', 'integrate'];
    const sagaFiles = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /Sagas\.ts$/.test(f),
    );
    expect(sagaFiles.length).toBeGreaterThan(5);
    const aborted = sagaFiles.flatMap((file) =>
      writes
        .filter((name) =>
          readFileSync(path.join(FEATURES, file), 'utf8').includes(`callAbortable(api.${name}`),
        )
        .map((name) => `${file}: ${name}`),
    );
    expect(aborted).toEqual([]);
  });

  it('a payment cancel is a write and is never aborted, even when its task is cancelled', async () => {
    // A second quick cart change cancels the first change's task: the cancel it sent must still land.
    const cancelPayment = jest.fn<Promise<void>, [string, AbortSignal?]>(() => new Promise(() => {}));
    const { task } = run(() => cancelOnServer('cafe'), { api: fakeApi({ cancelPayment }) });
    expect(cancelPayment).toHaveBeenCalledWith('cafe');
    task.cancel();
    expect(cancelPayment.mock.calls[0]?.[1]).toBeUndefined();
  });
});
