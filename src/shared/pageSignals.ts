import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, race, take } from 'redux-saga/effects';
import { pageActions } from './events';
import { context } from './sagaEffects';
/**
 * What the page itself tells the sagas: it became visible again, the browser came back online, it was
 * restored from the back-forward cache (the customer pressed Back from a provider's page), or another tab of
 * the same browser saved the cart. Sagas receive this through their context, so tests can fire events.
 */
export type PageEvent =
  { type: 'visible' } | { type: 'online' } | { type: 'restored' } | { type: 'cartSaved'; shopId: string };

export interface PageSignals {
  /** True while the tab is in the background (polling rests then). */
  isHidden(): boolean;
  /** Calls `listener` for every page event until the returned function is called. */
  subscribe(listener: (event: PageEvent) => void): () => void;
  /** Tells the other tabs of this browser that this tab saved the cart of `shopId`. */
  announceCartSaved(shopId: string): void;
  /**
   * Calls `listener` on the customer's input (a touch, a click, a key, the wheel) until the returned function
   * is called. Only a kiosk listens: it clears itself after a while without any.
   */
  onInput(listener: () => void): () => void;
  /**
   * Reports whether a request to the API got an answer (true) or not (false: no answer, or a server fault
   * such as a proxy's 502 while the backend is down). The fetch observer (api/watchAnswers.ts) calls it.
   */
  reportAnswer(reached: boolean): void;
  /**
   * Calls `listener` with every reported answer, and with false when the browser goes offline, until the
   * returned function is called. Only a kiosk listens: it pauses ordering while the API does not answer. The
   * browser's `online` event is no answer (it is a page event, which wakes polls): only a reply is. A
   * listener that comes after the page's first requests hears at once how the last one went, or false when
   * the browser is offline: a kiosk that opens without the network pauses (issue 35).
   */
  onConnection(listener: (reached: boolean) => void): () => void;
  /** True while focus is inside a frame (a provider's card fields): typing there is input the page cannot see. */
  focusInFrame(): boolean;
}

/**
 * The events that count as someone using the page. `input` too: an on-screen keyboard, an IME or dictation
 * may change a field without any key event.
 */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

const CHANNEL = 'storefront-cart';

/** The browser's page signals: visibility, online, pageshow from the bfcache and a BroadcastChannel. */
export function browserPageSignals(win: Window = window): PageSignals {
  // Older browsers without BroadcastChannel still catch up when the tab becomes visible again.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const connectionListeners = new Set<(reached: boolean) => void>();
  /** How the page's last request went (undefined: none has ended yet). */
  let lastAnswer: boolean | undefined;
  return {
    isHidden: () => win.document.visibilityState === 'hidden',
    subscribe(listener) {
      const onVisibility = () => {
        if (win.document.visibilityState === 'visible') listener({ type: 'visible' });
      };
      const onOnline = () => listener({ type: 'online' });
      const onPageShow = (event: PageTransitionEvent) => {
        if (event.persisted) listener({ type: 'restored' });
      };
      const onMessage = (event: MessageEvent<unknown>) => {
        const data = event.data as { shopId?: unknown } | null;
        if (data && typeof data.shopId === 'string') listener({ type: 'cartSaved', shopId: data.shopId });
      };
      win.document.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('online', onOnline);
      win.addEventListener('pageshow', onPageShow);
      channel?.addEventListener('message', onMessage);
      return () => {
        win.document.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('online', onOnline);
        win.removeEventListener('pageshow', onPageShow);
        channel?.removeEventListener('message', onMessage);
      };
    },
    announceCartSaved(shopId) {
      channel?.postMessage({ shopId });
    },
    reportAnswer(reached) {
      lastAnswer = reached;
      for (const listener of [...connectionListeners]) listener(reached);
    },
    onConnection(listener) {
      const onOffline = () => listener(false);
      if (lastAnswer === false || win.navigator.onLine === false) listener(false);
      else if (lastAnswer) listener(true);
      connectionListeners.add(listener);
      win.addEventListener('offline', onOffline);
      return () => {
        connectionListeners.delete(listener);
        win.removeEventListener('offline', onOffline);
      };
    },
    onInput(listener) {
      const options = { capture: true, passive: true };
      for (const type of INPUT_EVENTS) win.document.addEventListener(type, listener, options);
      return () => {
        for (const type of INPUT_EVENTS) win.document.removeEventListener(type, listener, options);
      };
    },
    focusInFrame: () => win.document.activeElement?.tagName === 'IFRAME',
  };
}

/**
 * Page signals for tests and for places without a page: never hidden; `emit` fires an event, `input` input,
 * `reportAnswer` an API answer (or its absence) as the fetch observer would, `offline` the browser's offline.
 */
export function manualPageSignals(): PageSignals & {
  emit(event: PageEvent): void;
  input(): void;
  offline(): void;
  hidden: boolean;
  frameFocused: boolean;
  announced: string[];
} {
  const listeners = new Set<(event: PageEvent) => void>();
  const inputListeners = new Set<() => void>();
  const connectionListeners = new Set<(reached: boolean) => void>();
  /** How the page's last request went (undefined: none has ended yet). */
  let lastAnswer: boolean | undefined;
  const signals = {
    hidden: false,
    frameFocused: false,
    announced: [] as string[],
    isHidden: () => signals.hidden,
    focusInFrame: () => signals.frameFocused,
    subscribe(listener: (event: PageEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announceCartSaved(shopId: string) {
      signals.announced.push(shopId);
    },
    emit(event: PageEvent) {
      for (const listener of [...listeners]) listener(event);
    },
    onInput(listener: () => void) {
      inputListeners.add(listener);
      return () => void inputListeners.delete(listener);
    },
    input() {
      for (const listener of [...inputListeners]) listener();
    },
    reportAnswer(reached: boolean) {
      lastAnswer = reached;
      for (const listener of [...connectionListeners]) listener(reached);
    },
    onConnection(listener: (reached: boolean) => void) {
      if (lastAnswer !== undefined) listener(lastAnswer);
      connectionListeners.add(listener);
      return () => void connectionListeners.delete(listener);
    },
    offline() {
      signals.reportAnswer(false);
    },
  };
  return signals;
}

// Page events as store actions (declared with the other shared events), so sagas `take` them like any other.
export { pageActions };

const toAction = (event: PageEvent) => {
  switch (event.type) {
    case 'visible':
      return pageActions.becameVisible();
    case 'online':
      return pageActions.cameOnline();
    case 'restored':
      return pageActions.restoredFromCache();
    case 'cartSaved':
      return pageActions.cartSavedElsewhere({ shopId: event.shopId });
  }
};

/** Feeds the page's events into the store for as long as the app runs. */
export function* pageEventsSaga() {
  const page = yield* context('page');
  const events: EventChannel<PageEvent> = yield call(() =>
    eventChannel<PageEvent>((emit) => page.subscribe(emit)),
  );
  for (;;) {
    const event: PageEvent = yield take(events);
    yield put(toAction(event));
  }
}

/** While the page is hidden a poll rests: one request in this long at most. */
export const HIDDEN_POLL_MS = 15_000;

/**
 * The pause between two polls: `ms`, or at least HIDDEN_POLL_MS while the page is hidden (nobody is looking,
 * and a phone's battery and data are spent for nothing); showing the page or coming back online ends it at
 * once, so the customer sees the news straight away.
 */
export function* pollPause(ms: number) {
  const page = yield* context('page');
  yield race({
    wait: delay(page.isHidden() ? Math.max(HIDDEN_POLL_MS, ms) : ms),
    wake: take([pageActions.becameVisible.type, pageActions.cameOnline.type]),
  });
}
