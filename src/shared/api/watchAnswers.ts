import type { FetchLike } from './httpClient';

/**
 * Wraps the API's fetch so that every request tells `report` whether the API answered (issue 23: a kiosk
 * pauses ordering while it does not). An answer below 500 is a reply, whatever it says (a 400, 404 or 429
 * comes from the API itself): `report(true)`. A fetch that rejects (offline, DNS, a connection reset) or an
 * answer of 500 or more (the backend's own fault, or a proxy's 502/503/504 while it is down) is no reply:
 * `report(false)`. An abort is neither: the caller gave up on the request, which says nothing of the network.
 * The answer or error itself goes on to the caller unchanged.
 */
export function watchAnswers(fetch: FetchLike, report: (reached: boolean) => void): FetchLike {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      if (!isAbort(error, init)) report(false);
      throw error;
    }
    report(response.status < 500);
    return response;
  };
}

function isAbort(error: unknown, init: RequestInit | undefined): boolean {
  if (init?.signal?.aborted === true) return true;
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'AbortError';
}
