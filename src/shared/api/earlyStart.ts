import type { FetchLike } from './httpClient';

/** What the page's early-start script (src/earlyStart/earlyStart.js) leaves on `window`. */
export interface EarlyStart {
  /** Answers to GET requests it started before the app ran, by URL. */
  requests: Record<string, Promise<Response> | undefined>;
  /**
   * On a page the host rendered: stops holding taps and gives the first button tapped before the app was
   * ready, if any (the app presses it again once it has hydrated).
   */
  releaseTaps?: () => HTMLElement | null;
  /** True while taps on a rendered page are held (the app has not taken the page over yet). */
  holdingTaps?: boolean;
}

/**
 * A fetch that adopts the early start's answers: the first GET of a URL the early start already requested
 * gets that answer (once), so the shop and cart the first screen needs were on their way while the scripts
 * loaded; every other call goes to `fetch`. An adopted request ignores the caller's AbortSignal (it was
 * sent before anyone could cancel it); the caller may still drop its answer.
 */
export function adoptingEarlyStart(fetch: FetchLike, early: EarlyStart | undefined): FetchLike {
  return (input, init) => {
    const started = init.method === 'GET' || init.method === undefined ? early?.requests[input] : undefined;
    if (!started || !early) return fetch(input, init);
    delete early.requests[input];
    return started;
  };
}

declare global {
  interface Window {
    __earlyStart?: EarlyStart;
  }
}
