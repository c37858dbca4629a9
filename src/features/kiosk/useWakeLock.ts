import { useEffect } from 'react';

/**
 * Keeps the tablet's screen on while `active` (issue 23: a kiosk that goes dark looks broken): a screen wake
 * lock, taken again whenever the page becomes visible (the browser releases it when the page is hidden), and
 * released when `active` ends (the kiosk is being cleared), the page is left (the next customer's fresh
 * page) or the component goes. Where the API is missing,
 * or the browser refuses (battery saver, policy), the kiosk works as before.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = navigator.wakeLock as WakeLock | undefined;
    if (!active || !wakeLock) return;
    let lock: WakeLockSentinel | null = null;
    let asking = false;
    let ended = false;
    const take = () => {
      if (ended || asking || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      asking = true;
      wakeLock.request('screen').then(
        (taken) => {
          asking = false;
          if (ended) void taken.release().catch(() => undefined);
          else lock = taken;
        },
        () => {
          asking = false; // refused: the screen follows the tablet's own settings
        },
      );
    };
    // Leaving the page (the kiosk's fresh page for the next customer) lets it go at once; a page restored
    // from the back-forward cache takes it again.
    const release = () => void lock?.release().catch(() => undefined);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) take();
    };
    take();
    document.addEventListener('visibilitychange', take);
    window.addEventListener('pagehide', release);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', take);
      window.removeEventListener('pagehide', release);
      window.removeEventListener('pageshow', onPageShow);
      release();
    };
  }, [active]);
}
