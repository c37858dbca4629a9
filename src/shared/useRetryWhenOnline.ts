import { useEffect, useEffectEvent } from 'react';

/** While `failed` (a part's code or script did not load), calls `retry` once the browser is back online. */
export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  const onOnline = useEffectEvent(retry);
  useEffect(() => {
    if (!failed) return;
    const listener = () => onOnline();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, [failed]);
}
