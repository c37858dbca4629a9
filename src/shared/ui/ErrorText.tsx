import type { Theme } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';

/** Error text's look: the theme's error colour (readable on light and dark shop backgrounds), bold. */
export const errorTextStyle = (theme: Theme) => ({ color: theme.errorColor, fontWeight: 600 }) as const;

/**
 * An error message in the theme's error colour (readable on light and dark shop backgrounds), announced as it
 * appears; `announce={false}` where a field's focus moves to it instead (announced twice otherwise). `focus`:
 * the focus moves to the message itself as it appears, which scrolls it into view (§4 a failed payment's
 * message, which may appear below the fold: after a return from a provider the page opens at its top); it
 * stays an alert, so it is announced where the focus cannot move (a dialog above it).
 */
export function ErrorText({
  children,
  id,
  announce = true,
  focus = false,
}: {
  children: ReactNode;
  id?: string;
  announce?: boolean;
  focus?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = !(children === null || children === undefined || children === false || children === '');
  useEffect(() => {
    if (focus && shown) ref.current?.focus({ preventScroll: false });
  }, [focus, shown]);
  if (!shown) return null;
  return (
    <p
      ref={ref}
      id={id}
      role={announce ? 'alert' : undefined}
      tabIndex={focus ? -1 : undefined}
      css={[errorTextStyle, { overflowWrap: 'anywhere' }]}
    >
      {children}
    </p>
  );
}
