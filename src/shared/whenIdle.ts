/**
 * Runs `task` once the browser has nothing else to do (after the first screen is drawn), at the latest after
 * 5 s; returns a function that calls it off. Used to fetch the code of the screens a visit most likely
 * needs next.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 2000);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(task, { timeout: 5000 });
  return () => cancelIdleCallback(id);
}
