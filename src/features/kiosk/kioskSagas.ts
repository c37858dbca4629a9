import { createAction } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { PageSignals } from '../../shared/pageSignals';
import { context } from '../../shared/sagaEffects';
import { keepServiceWorker, takeWaitingUpdate } from '../../shared/serviceWorker/page';
import { cartSynced, selectCartEmpty } from '../cart';
import { DRAFT_KEY, forgetCustomer, selectPaymentPending } from '../paymentState';
import { selectSessionShopId } from '../session';
import { shopActions } from '../shopState';
import { connectionWatch } from './kioskConnection';
import { idleRule, type IdleFacts, type IdleRule } from './kioskIdle';
import { kioskAddress } from './kioskAddress';
import { selectKiosk } from './kioskSelectors';
import { kioskActions, type KioskState } from './kioskSlice';
import type { RootState } from '../../app/hooks';

const selectIdleFacts = (state: RootState): Omit<IdleFacts, 'frameFocused' | 'updateWaiting'> => ({
  screen: state.kiosk.screen,
  touched: state.kiosk.touched,
  cartEmpty: selectCartEmpty(state),
  paymentStarted: selectPaymentPending(state),
  idleMs: state.kiosk.idleMs,
});

/**
 * The payment feature's cancel (payment/pendingSagas.ts `cancelPayment`): drops the payment and waits until
 * the server has settled it; false when it turned out to be paid. The payment feature sits above the kiosk
 * (it asks the kiosk how Swish asks), so app/rootSaga.ts hands it over when it starts the kiosk.
 */
export type CancelPayment = () => Generator<unknown, boolean, never>;

/** The customer's input as a channel; only the latest matters (when, not how many). */
function inputChannel(page: PageSignals): EventChannel<true> {
  return eventChannel<true>((emit) => page.onInput(() => emit(true)), buffers.sliding(1));
}

/**
 * Asks whether the customer is still there for the kiosk's answer time (30 s unless set, never under 20 s:
 * WCAG 2.2.1). Continue keeps everything, and the idle time starts again in full; so does a change of
 * screen meanwhile (a payment approved on the phone brings the receipt, which has its own time).
 *
 * @returns true when the customer answered, false when the kiosk should be cleared
 */
export function* askStillThere() {
  const promptMs: number = yield select((s: RootState) => s.kiosk.promptMs);
  yield put(kioskActions.idlePromptShown({ endsAt: Date.now() + promptMs }));
  const answer: { continued?: unknown; startOver?: unknown; screen?: unknown } = yield race({
    continued: take(kioskActions.continueClicked.type),
    startOver: take(kioskActions.startOverClicked.type),
    screen: take(kioskActions.screenShown.type),
    timeout: delay(promptMs),
  });
  if (answer.continued || answer.screen) {
    if (answer.screen) yield put(kioskActions.continueClicked());
    return true;
  }
  return false;
}

/**
 * Clears the kiosk for the next customer. A payment not completed is cancelled on the server first (the
 * cancel is retried until the server takes it, so a payment still pending can never be approved for a
 * customer who has gone, nor complete over the next customer's cart); if it turns out the customer paid
 * meanwhile, their receipt is shown instead. Then one event, `kiosk/customerLeft`, empties the cart (sent
 * to the server as any change is), the tab choices and the customer's details, and the tab's storage
 * forgets what the customer typed. Once the server holds the empty cart the page is replaced by a fresh
 * document of the store: nothing of the last customer survives, not even a provider's window (a card's
 * 3-D Secure frame) that the app does not own; it draws the shop from the menu this page carried
 * (carriedMenu.ts) while it reads the live one. Should the empty cart not reach the server in time, the
 * store is shown in place instead (the cart keeps being sent, the shop is read anew), never a fresh page that
 * would load the old cart back.
 */
export function* resetKiosk(cancelPayment: CancelPayment) {
  yield put(kioskActions.resetStarted());
  const cancelled: boolean = yield call(cancelPayment);
  if (!cancelled) {
    yield put(kioskActions.resetEnded());
    return;
  }
  const shopId: string | null = yield select(selectSessionShopId);
  yield put(kioskActions.customerLeft());
  const storage = yield* context('storage');
  yield call(forgetCustomer, storage);
  yield call(forgetCustomer, storage, DRAFT_KEY); // issue 39: nothing the last customer typed stays in the tab
  if (!shopId) {
    yield put(kioskActions.resetEnded());
    return;
  }
  const store = `/${encodeURIComponent(shopId)}`;
  const saved: boolean = yield call(cartSynced);
  // Replacing the history entry: Back never brings the last customer's receipt back.
  if (saved) {
    // The kiosk's own address: the service worker opens it from its cache, and a new build takes over first.
    const setting: KioskState = yield select(selectKiosk);
    yield call(takeWaitingUpdate);
    const replaceLocation = yield* context('replaceLocation');
    yield call(replaceLocation, kioskAddress(shopId, setting));
  } else {
    const navigate = yield* context('navigate');
    yield call(navigate, store, { replace: true });
    // The next customer's menu is asked for anew, as a fresh page would (carriedMenu.ts): without the network
    // it cannot be read, and the store waits under the pause until the API answers (kioskConnection.ts).
    yield put(shopActions.loadRequested({ shopId }));
    yield put(kioskActions.resetEnded());
  }
}

function isReceiptShown(action: { type: string } | undefined): boolean {
  return (
    action?.type === kioskActions.screenShown.type &&
    (action as ReturnType<typeof kioskActions.screenShown>).payload === 'receipt'
  );
}

/**
 * The idle machine: input restarts the clock; the rule in force (kioskIdle.ts) says how long the kiosk
 * waits and whether it asks first. The rule is read again after every store event (a payment that starts
 * stretches the wait; one that completes brings the receipt's), but only input, the receipt appearing and a
 * new build arriving at an untouched store page restart the clock: the 1 s payment poll does not keep a
 * forgotten kiosk awake.
 */
export function* idleMachine(inputs: EventChannel<true>, cancelPayment: CancelPayment) {
  const page = yield* context('page');
  let since = Date.now();
  let newBuild = false;
  for (;;) {
    const facts: IdleFacts = {
      ...(yield select(selectIdleFacts)),
      frameFocused: page.focusInFrame(),
      updateWaiting: newBuild,
    };
    const rule: IdleRule | null = idleRule(facts);
    const left = rule ? since + rule.afterMs - Date.now() : Infinity;
    if (rule && left <= 0) {
      const stay: boolean = rule.then === 'ask' ? yield call(askStillThere) : false;
      if (!stay) yield call(resetKiosk, cancelPayment);
      since = Date.now();
      continue;
    }
    const event: { input?: true; action?: { type: string } } = yield race({
      input: take(inputs),
      action: take('*'),
      ...(rule ? { timeout: delay(left) } : {}),
    });
    if (event.action?.type === updateWaiting.type) {
      newBuild = true;
      // On the untouched store page, a whole idle time from the build's arrival (nobody is walking up when it
      // resets); a customer's own idle count goes on as it was.
      if (!rule) since = Date.now();
    } else if (event.action?.type === kioskActions.startOverClicked.type) {
      yield call(resetKiosk, cancelPayment);
      since = Date.now();
    } else if (isReceiptShown(event.action)) {
      // The receipt's 30 s count from when it appears: a customer who took longer than that to approve the
      // payment on their phone (no input on the kiosk meanwhile) must still get the time to scan it.
      since = Date.now();
    } else if (event.input) {
      since = Date.now();
      if (!facts.touched) yield put(kioskActions.customerArrived());
    }
  }
}

/** A new build of the app is installed and waits to take over (issue 35): it does at the next reset. */
const updateWaiting = createAction('kiosk/updateWaiting');

/** The kiosk's service worker (issue 35): registered, and a new build that waits told to the idle machine. */
function* keepWorker() {
  const waiting: EventChannel<true> = yield call(() =>
    eventChannel<true>((emit) => {
      void keepServiceWorker(true, () => emit(true));
      return () => undefined;
    }),
  );
  yield take(waiting);
  yield put(updateWaiting());
}

/** Runs the idle machine when this browser is a kiosk (other visitors get no listeners at all). */
export function* kioskSaga(cancelPayment: CancelPayment) {
  const kiosk: KioskState = yield select(selectKiosk);
  if (!kiosk.enabled) return;
  const page = yield* context('page');
  const inputs: EventChannel<true> = yield call(inputChannel, page);
  // Beside the idle machine, which goes on while ordering is paused (issue 23).
  yield fork(connectionWatch);
  yield fork(keepWorker);
  yield call(idleMachine, inputs, cancelPayment);
}
