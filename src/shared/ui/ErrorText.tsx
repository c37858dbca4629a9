import type { Theme } from '@emotion/react';
import type { ReactNode } from 'react';

/** Error text's look: the theme's error colour (readable on light and dark shop backgrounds), bold. */
export const errorTextStyle = (theme: Theme) => ({ color: theme.errorColor, fontWeight: 600 }) as const;

/** An error message, announced, in the theme's error colour (readable on light and dark shop backgrounds). */
export function ErrorText({ children, id }: { children: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} role="alert" css={[errorTextStyle, { overflowWrap: 'anywhere' }]}>
      {children}
    </p>
  );
}
