import type { ReactNode } from 'react';

/** A page's main landmark, centred, at most 1000 px wide (§9). */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <main id="main" css={{ maxWidth: narrow ? 500 : 1000, margin: '0 auto', padding: '24px 16px 96px' }}>
      {children}
    </main>
  );
}
