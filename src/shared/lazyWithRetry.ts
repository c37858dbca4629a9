import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/** How to load each part whose last load failed anew, once it is asked for again. */
const failedParts = new Set<() => void>();

/**
 * The customer asks again for what could not load (Try again, the part opened anew, the network back:
 * LoadBoundary and the route's error boundary call this): every part whose load failed loads anew when it
 * next renders. Not at the failure itself: React renders a failed part again at once, and a fresh load
 * there would start the next one while offline, and the next, without end.
 */
export function retryFailedParts(): void {
  for (const renew of failedParts) renew();
  failedParts.clear();
}

/**
 * `React.lazy` that can be loaded again. React keeps a failed import for good (the part could never show
 * until a reload); here a failed load is forgotten when the part is asked for again ({@link
 * retryFailedParts}), and webpack, which forgets a chunk that failed, requests it anew.
 *
 * @param load - the part's `import()`, mapped to `{ default: Component }`
 * @returns the component, with `preload` to fetch its code ahead of need (a failure there is left to the render)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const renew = () => {
    current = lazy(attempt);
  };
  const attempt = (): Promise<{ default: T }> =>
    load().catch((error: unknown) => {
      failedParts.add(renew);
      throw error;
    });
  let current = lazy(attempt);
  // The lazy component of the attempt in force (createElement: JSX cannot spread generic props onto it).
  const Retryable = (props: ComponentProps<T>) =>
    createElement(current as ComponentType<ComponentProps<T>>, props);
  return Object.assign(Retryable, { preload: () => void load().catch(() => undefined) });
}
