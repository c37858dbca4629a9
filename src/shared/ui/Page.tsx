import type { ReactNode } from 'react';
import { contentWidth, space } from '../theme/tokens';

/** A page's main landmark, centred, at most 1000 px wide (§9). */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <main
      id="main"
      // 96 px at the bottom: room for the mobile cart bar, fixed over the page's end.
      css={{
        maxWidth: narrow ? contentWidth.narrow : contentWidth.page,
        margin: '0 auto',
        padding: `${space.xl}px ${space.lg}px 96px`,
      }}
    >
      {children}
    </main>
  );
}
