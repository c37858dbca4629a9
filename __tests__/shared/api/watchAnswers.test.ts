/**
 * Issue 23 (item 6): the kiosk's fetch observer tells whether the API answered. Below 500 is an answer (the
 * API's own 4xx too); a rejected fetch or a 5xx (a proxy's 502/503/504 while the backend is down) is none;
 * an abort says nothing. The caller gets the answer or error unchanged.
 */
import { watchAnswers } from '../../../src/shared/api/watchAnswers';
import type { FetchLike } from '../../../src/shared/api';
import { browserPageSignals } from '../../../src/shared/pageSignals';

const answering = (status: number): FetchLike => jest.fn(() => Promise.resolve({ status } as Response));
const rejecting = (error: unknown): FetchLike => jest.fn(() => Promise.reject(error));

describe('watchAnswers (issue 23: the kiosk sees whether the API answers)', () => {
  it.each([200, 204, 400, 404, 409, 429, 499])(
    'an answer with status %i is reported as reached',
    async (status) => {
      const report = jest.fn();
      const response = await watchAnswers(answering(status), report)('/api/x', { method: 'GET' });
      expect(response.status).toBe(status);
      expect(report.mock.calls).toEqual([[true]]);
    },
  );

  it.each([500, 502, 503, 504])(
    'a server fault (%i, a proxy while the backend is down) is reported as not reached',
    async (status) => {
      const report = jest.fn();
      const response = await watchAnswers(answering(status), report)('/api/x', { method: 'GET' });
      expect(response.status).toBe(status); // still handed on: the HTTP client makes its §8 error of it
      expect(report.mock.calls).toEqual([[false]]);
    },
  );

  it('a fetch that rejects (offline) is reported as not reached, and the error goes on unchanged', async () => {
    const report = jest.fn();
    const offline = new TypeError('Failed to fetch');
    await expect(watchAnswers(rejecting(offline), report)('/api/x', { method: 'GET' })).rejects.toBe(offline);
    expect(report.mock.calls).toEqual([[false]]);
  });

  it('an aborted request reports nothing (its caller gave up; that says nothing of the network)', async () => {
    const report = jest.fn();
    const controller = new AbortController();
    controller.abort();
    const abortError = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    await expect(
      watchAnswers(rejecting(new TypeError('aborted')), report)('/api/x', { signal: controller.signal }),
    ).rejects.toThrow('aborted');
    await expect(watchAnswers(rejecting(abortError), report)('/api/x', {})).rejects.toBe(abortError);
    expect(report).not.toHaveBeenCalled();
  });

  it('passes the request on as given', async () => {
    const fetch = answering(200);
    const init: RequestInit = { method: 'PUT', body: '{}' };
    await watchAnswers(fetch, jest.fn())('/api/cart', init);
    expect(fetch).toHaveBeenCalledWith('/api/cart', init);
  });
});

describe("the browser's page signals carry the answers (issue 23)", () => {
  it('reported answers reach every listener until it unsubscribes; going offline is a failure, coming online no answer', () => {
    const page = browserPageSignals(window);
    const heard: boolean[] = [];
    const stop = page.onConnection((reached) => heard.push(reached));
    page.reportAnswer(true);
    page.reportAnswer(false);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online')); // a page event that wakes polls, not an answer
    expect(heard).toEqual([true, false, false]);
    stop();
    page.reportAnswer(true);
    window.dispatchEvent(new Event('offline'));
    expect(heard).toHaveLength(3);
  });
});
