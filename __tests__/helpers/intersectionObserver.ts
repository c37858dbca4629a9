import { act } from '@testing-library/react';

/**
 * A stand-in for IntersectionObserver (jsdom has none) that the test drives: it records what each observer
 * watches and delivers the entries the test says, as the browser would after a scroll.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  readonly rootMargin: string;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.rootMargin = options.rootMargin ?? '0px';
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Delivers entries for the given targets this observer watches (others are skipped). */
  deliver(changes: { target: Element; isIntersecting: boolean; height?: number }[]) {
    const entries = changes
      .filter((c) => this.targets.has(c.target))
      .map(
        (c) =>
          ({
            target: c.target,
            isIntersecting: c.isIntersecting,
            boundingClientRect: { top: 0, height: c.height ?? 0 } as DOMRectReadOnly,
          }) as IntersectionObserverEntry,
      );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** Installs the fake for the tests of a file; returns a function telling every observer about targets. */
export function installFakeIntersectionObserver() {
  const original = window.IntersectionObserver;
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    window.IntersectionObserver = original;
  });
  return (changes: { target: Element; isIntersecting: boolean; height?: number }[]) =>
    act(() => {
      for (const observer of FakeIntersectionObserver.instances) observer.deliver(changes);
    });
}
