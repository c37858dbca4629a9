import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * `React.lazy` that can be loaded again. React keeps a failed import for good (the part could never show
 * until a reload); here a failed load leaves a fresh lazy component behind, so the next render after the
 * failure (the customer pressed Try again or chose the part again, or the network came back: LoadBoundary)
 * fetches the chunk anew. Webpack forgets a chunk that failed, so `load` requests it again.
 *
 * @param load - the part's `import()`, mapped to `{ default: Component }`
 * @returns the component, with `preload` to fetch its code ahead of need (a failure there is left to the render)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const attempt = (): Promise<{ default: T }> =>
    load().catch((error: unknown) => {
      current = lazy(attempt);
      throw error;
    });
  let current = lazy(attempt);
  // The lazy component of the attempt in force (createElement: JSX cannot spread generic props onto it).
  const Retryable = (props: ComponentProps<T>) =>
    createElement(current as ComponentType<ComponentProps<T>>, props);
  return Object.assign(Retryable, { preload: () => void load().catch(() => undefined) });
}
