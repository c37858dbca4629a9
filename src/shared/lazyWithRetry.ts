import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

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
 * A part whose code is already in (preloaded, or shown before) is drawn in the same render, as any other
 * component: React.lazy would suspend it for a turn even then, and a kiosk's order panel would come a
 * moment after the store it stands beside.
 *
 * @param load - the part's `import()`, mapped to `{ default: Component }`
 * @returns the component, with `preload` to fetch its code ahead of need (a failure there is left to the render)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  const keep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const renew = () => {
    current = lazy(attempt);
  };
  const attempt = (): Promise<{ default: T }> =>
    keep().catch((error: unknown) => {
      failedParts.add(renew);
      throw error;
    });
  let current = lazy(attempt);
  // The part itself when its code is in, else the lazy component of the attempt in force; chosen once per
  // mount (another type later would mount it anew). createElement: JSX cannot spread generic props onto it.
  const Retryable = (props: ComponentProps<T>) => {
    const [type] = useState(() => (loaded ?? current) as ComponentType<ComponentProps<T>>);
    return createElement(type, props);
  };
  return Object.assign(Retryable, { preload: () => void keep().catch(() => undefined) });
}
