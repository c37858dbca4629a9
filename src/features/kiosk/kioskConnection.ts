/**
 * A kiosk pauses calmly when the network drops (issue 23): after PAUSE_AFTER_MS without an answer from the
 * API it shows "Ordering is paused" over the order (which stays as it is), checks the API by itself with
 * backoff, and carries on where it was once the API answers again. Nothing here changes the order or the
 * payment: their own sagas keep retrying (a STARTED payment's poll, a cart save, a cancel), and are woken
 * when the connection is back.
 */
import { buffers, eventChannel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { NetworkError } from '../../shared/api';
import { pageActions } from '../../shared/events';
import type { PageSignals } from '../../shared/pageSignals';
import { callAbortable, context } from '../../shared/sagaEffects';
import { refreshSession } from '../cart';
import { selectSessionShopId } from '../session';
import { selectShopDisplayState, shopActions, type ShopDisplayState } from '../shopState';
import { kioskActions } from './kioskSlice';
import type { RootState } from '../../app/hooks';

/** How long the API may stay silent after a failed request before ordering pauses. */
export const PAUSE_AFTER_MS = 4_000;
/** The wait after the first failed check of the API; it doubles after each further one… */
export const FIRST_PROBE_MS = 2_000;
/** …up to this. */
export const MAX_PROBE_MS = 10_000;
/** A check that has had no answer after this long counts as failed (and its request is aborted). */
const PROBE_TIMEOUT_MS = 5_000;

/** The wait after `failures` failed checks (1, 2, 3 …): 2 s, 4 s, 8 s, then 10 s. */
export const probeDelay = (failures: number) =>
  Math.min(MAX_PROBE_MS, FIRST_PROBE_MS * 2 ** Math.max(0, failures - 1));

/** One report of the page's requests: the API answered, or did not. */
interface Answer {
  reached: boolean;
}

/** The page's answer reports as a channel; none is lost (they come as fast as requests end). */
function answerChannel(page: PageSignals): EventChannel<Answer> {
  return eventChannel<Answer>(
    (emit) => page.onConnection((reached) => emit({ reached })),
    buffers.expanding(),
  );
}

/** Waits for a report that the API answered (`reached`) or failed to (`!reached`). */
function* waitFor(answers: EventChannel<Answer>, reached: boolean) {
  for (;;) {
    const answer: Answer = yield take(answers);
    if (answer.reached === reached) return;
  }
}

/** Reads the session and drops it: a cheap question whose answer changes nothing here. */
function* readSession(shopId: string) {
  const api = yield* context('api');
  yield* callAbortable(api.getSession, shopId, undefined);
}

/**
 * Asks the API once whether it answers. Any answer below 500 counts, an error one too (a 404 or 429 still
 * comes from the API); no answer within PROBE_TIMEOUT_MS, none at all, or a server fault does not.
 */
function* probe(shopId: string) {
  try {
    const { timeout }: { timeout?: true } = yield race({
      read: call(readSession, shopId),
      timeout: delay(PROBE_TIMEOUT_MS),
    });
    return !timeout;
  } catch (error) {
    return error instanceof NetworkError && error.reachedServer;
  }
}

/**
 * Checks the API at once and then with backoff (probeDelay) until it answers; coming back online checks
 * again at once. Without a shop there is nothing to ask: the page's own requests tell instead.
 */
function* probeUntilAnswered() {
  for (let failures = 1; ; failures++) {
    const shopId: string | null = yield select(selectSessionShopId);
    if (shopId && ((yield call(probe, shopId)) as boolean)) return;
    yield race({ wait: delay(probeDelay(failures)), online: take(pageActions.cameOnline.type) });
  }
}

/**
 * Back from a pause, the server's word on the payment first: a start whose answer was lost in the outage may
 * have created a payment (taken up and polled, or its receipt shown) that the page shows as failed. One read
 * of the session; should it fail too, the next pause brings the next one.
 */
function* checkPaymentWhenBack() {
  const shopId: string | null = yield select(selectSessionShopId);
  if (!shopId) return;
  try {
    yield call(refreshSession, shopId);
  } catch {
    // not reached after all: the payment keeps its own retries
  }
}

/**
 * Back from a pause, a shop that could not be read (the kiosk opened without the network, issue 35) is read
 * again: the store shows by itself, nobody has to tap Try again.
 */
function* readShopAgain() {
  const shopId: string | null = yield select(selectSessionShopId);
  const display: ShopDisplayState = yield select(selectShopDisplayState);
  if (shopId && display === 'error') yield put(shopActions.loadRequested({ shopId }));
}

/** Pauses ordering after PAUSE_AFTER_MS, unless cancelled first (the API answered). */
function* pauseLater() {
  yield delay(PAUSE_AFTER_MS);
  yield put(kioskActions.connectionLost());
}

/**
 * The kiosk's connection watch. A request without an answer (or the browser going offline) starts the
 * check: an answer within PAUSE_AFTER_MS, from the page's own requests or the watch's own check of the API,
 * ends it unseen; otherwise ordering pauses (`kiosk/connectionLost`) until the API answers. Then
 * `kiosk/connectionBack` shows the screen the customer was on, and `page/cameOnline` sends what was waiting
 * at once (a payment's poll, a card's intent poll) instead of after its backoff. Only a kiosk runs it.
 */
export function* connectionWatch() {
  const page = yield* context('page');
  const answers: EventChannel<Answer> = yield call(answerChannel, page);
  try {
    for (;;) {
      yield call(waitFor, answers, false);
      const pausing: Task = yield fork(pauseLater);
      yield race({ answered: call(waitFor, answers, true), probed: call(probeUntilAnswered) });
      yield cancel(pausing);
      const paused: boolean = yield select((s: RootState) => s.kiosk.paused);
      if (paused) {
        yield put(kioskActions.connectionBack());
        yield put(pageActions.cameOnline());
        yield call(readShopAgain);
        yield call(checkPaymentWhenBack);
      }
    }
  } finally {
    answers.close();
  }
}
