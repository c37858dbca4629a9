import type { Theme } from '@emotion/react';
import type { ReactNode } from 'react';

/** Error text's look: the theme's error colour (readable on light and dark shop backgrounds), bold. */
export const errorTextStyle = (theme: Theme) => ({ color: theme.errorColor, fontWeight: 600 }) as const;

/**
 * An error message in the theme's error colour (readable on light and dark shop backgrounds), announced as it
 * appears; `announce={false}` where the focus moves to it instead (announced twice otherwise).
 */
export function ErrorText({
  children,
  id,
  announce = true,
}: {
  children: ReactNode;
  id?: string;
  announce?: boolean;
}) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} css={[errorTextStyle, { overflowWrap: 'anywhere' }]}>
      {children}
    </p>
  );
}
