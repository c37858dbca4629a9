import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';

/** An error message, announced, in the theme's error colour (readable on light and dark shop backgrounds). */
export function ErrorText({ children, id }: { children: ReactNode; id?: string }) {
  const theme = useTheme();
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} role="alert" css={{ color: theme.errorColor, fontWeight: 600, overflowWrap: 'anywhere' }}>
      {children}
    </p>
  );
}
