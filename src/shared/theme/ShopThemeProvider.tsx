import { Global, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import type { Theme } from '../../domain/theme';

/** Applies a §3 theme (already derived and sanitised by domain/theme) to the page and its components. */
export function ShopThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <Global
        styles={{
          body: { background: theme.backgroundColor, color: theme.textColor },
          a: { color: theme.linkColor },
          '*, *::before, *::after': { boxSizing: 'border-box' },
          ':focus-visible': { outline: `3px solid ${theme.linkColor}`, outlineOffset: 2 },
        }}
      />
      {children}
    </ThemeProvider>
  );
}
