import type { Theme } from '@emotion/react';
import type { ButtonHTMLAttributes } from 'react';
import { touchTarget } from '../theme/tokens';

/**
 * A button that reads as a link (a secondary action inside text, e.g. "Edit", "Remove", "Pay whole tab"):
 * underlined in the theme's link colour, no box, at least 44 px for touch (kiosk mode raises every button to
 * 56 px in KioskShell). Use a real link for navigation.
 */
const linkButtonStyle = (theme: Theme) =>
  ({
    minHeight: touchTarget.phone,
    minWidth: touchTarget.phone,
    font: 'inherit',
    color: theme.linkColor,
    background: 'none',
    border: 'none',
    textDecoration: 'underline',
    cursor: 'pointer',
  }) as const;

export function LinkButton({ type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} css={linkButtonStyle} {...props} />;
}
