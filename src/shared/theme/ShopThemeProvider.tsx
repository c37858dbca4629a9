import { css, Global, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { memoized } from '../../domain/memoized';
import type { Theme } from '../../domain/theme';

/** The page's own styles, serialised once per theme: `<Global>` would serialise them at every render (issue 37). */
const pageStyles = memoized(
  (theme: Theme) =>
    css({
      body: { background: theme.backgroundColor, color: theme.textColor },
      a: { color: theme.linkColor },
      '*, *::before, *::after': { boxSizing: 'border-box' },
      ':focus-visible': { outline: `3px solid ${theme.linkColor}`, outlineOffset: 2 },
    }),
  (theme) => JSON.stringify(theme),
  64,
);

/** Applies a §3 theme (already derived and sanitised by domain/theme) to the page and its components. */
export function ShopThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <Global styles={pageStyles(theme)} />
      {children}
    </ThemeProvider>
  );
}
