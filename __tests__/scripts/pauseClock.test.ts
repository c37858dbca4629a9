/**
 * CI run 17: `pauseClock` (the browser suite's kiosk helper) read the page's time and paused its clock a second
 * later; on a loaded machine more than a second passed in between and Playwright refused ("Cannot
 * fast-forward to the past"). The race, played without a browser: the first pause is refused as Playwright
 * refuses it, and the helper pauses a second on from the page's new time instead.
 */
import type { Page } from '@playwright/test';
import { pauseClock } from '../e2e/helpers/kiosk';

function pageWhoseClockRunsOn(times: number[], refusals: number) {
  const pausedAt: number[] = [];
  let refused = 0;
  const page = {
    evaluate: () => Promise.resolve(times.shift()),
    clock: {
      pauseAt: (time: number) => {
        pausedAt.push(time);
        if (refused++ < refusals)
          return Promise.reject(new Error('clock.pauseAt: Error: Cannot fast-forward to the past'));
        return Promise.resolve();
      },
    },
  };
  return { page: page as unknown as Page, pausedAt };
}

describe('the kiosk helper pauseClock (CI run 17)', () => {
  it('a pause refused because the page passed that moment meanwhile is made a second on from its new time', async () => {
    const { page, pausedAt } = pageWhoseClockRunsOn([10_000, 12_500], 1);
    await pauseClock(page);
    expect(pausedAt).toEqual([11_000, 13_500]);
  });

  it('any other refusal is an error of the test', async () => {
    const page = {
      evaluate: () => Promise.resolve(0),
      clock: { pauseAt: () => Promise.reject(new Error('Target page, context or browser has been closed')) },
    } as unknown as Page;
    await expect(pauseClock(page)).rejects.toThrow('has been closed');
  });
});
