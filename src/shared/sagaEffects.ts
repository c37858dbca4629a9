import { call, getContext } from 'redux-saga/effects';
import type { CallEffect, GetContextEffect } from 'redux-saga/effects';
import type { SagaContext } from './sagaContext';

/**
 * Calls an API function (which takes an AbortSignal last) and aborts its request when the calling task is
 * cancelled (takeLatest superseding it, a lost race, a saga stopped): the request ends instead of running on
 * to an answer nobody reads. Used as `const shop = yield* callAbortable(api.getShop, shopId)`; an optional
 * argument before the signal is passed explicitly (`callAbortable(api.getSession, shopId, undefined)`).
 *
 * Reads and superseded cart saves go through it. Writes whose effect the customer asked for (start or cancel
 * a payment, send a receipt, save a table reference, link a bookkeeper, empty the paid cart) use a plain
 * `call` and are never aborted: an abort cannot undo what the server may already have done, it only loses
 * the answer, and a payment cancel cut off before it left the browser would leave the payment open.
 *
 * The `finally` must not yield (no `yield cancelled()`): redux-saga cancels by returning the generator, and
 * a generator that yields in `finally` under `yield*` hands its caller a normal completion, so the cancelled
 * caller would go on past this call. Unsettled in `finally` means cancelled: nothing else returns it early.
 */
export function* callAbortable<Args extends unknown[], R>(
  fn: (...args: [...Args, AbortSignal]) => Promise<R>,
  ...args: Args
): Generator<CallEffect<R>, R, unknown> {
  const controller = new AbortController();
  let settled = false;
  try {
    const result = (yield call(fn, ...args, controller.signal)) as R;
    settled = true;
    return result;
  } catch (error) {
    settled = true;
    throw error;
  } finally {
    if (!settled) controller.abort();
  }
}

/** The saga context's `key`, typed: `const api = yield* context('api')`. */
export function* context<K extends keyof SagaContext>(
  key: K,
): Generator<GetContextEffect, SagaContext[K], unknown> {
  return (yield getContext(key)) as SagaContext[K];
}
