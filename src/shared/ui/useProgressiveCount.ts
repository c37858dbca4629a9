import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw so far: `first` at once, then `step` more per task, each step a
 * transition the browser can interrupt. A long list drawn at once blocks a cheap phone for seconds; this
 * way the first screen shows at once and taps are answered while the rest fills in. `showAll` draws
 * everything now (e.g. before jumping to an anchor further down).
 */
export function useProgressiveCount(total: number, first: number, step: number) {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  const showAll = useCallback(() => setCount(total), [total]);
  return [Math.min(count, total), showAll] as const;
}
