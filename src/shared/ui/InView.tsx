import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Brings what it wraps into view as it appears and whenever its size changes (a QR code drawn, a form
 * loaded, a message added): on a kiosk, what a step shows to act on would otherwise open below the fold or
 * under the accessibility bar, and a customer who cannot scroll well would not see that anything happened
 * (docs/product-rules.md §2, kiosk). `nearest` scrolls as little as it can (not at all when it is in view),
 * and the page's scroll padding keeps it clear of the kiosk's bar and reach band.
 */
export function InView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.height > 0) node.scrollIntoView({ block: 'nearest' });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref}>{children}</div>;
}
