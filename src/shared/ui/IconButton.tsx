import type { Theme } from '@emotion/react';
import type { ButtonHTMLAttributes } from 'react';
import { glyphSize, radius, touchTarget } from '../theme/tokens';

export type IconButtonVariant = 'outlined' | 'raised';

/**
 * A round 44 px button showing a symbol (−, +, ×), so its name comes from `label` (required). Kiosk mode
 * raises every button to at least 56 px in KioskShell. 'outlined' sits in a row (the stepper); 'raised'
 * floats over content (a dialog's close button).
 */
const iconButtonStyle = (variant: IconButtonVariant) => (theme: Theme) =>
  variant === 'outlined'
    ? ({
        width: touchTarget.phone,
        height: touchTarget.phone,
        borderRadius: radius.pill,
        border: `2px solid ${theme.primaryColor}`,
        background: 'transparent',
        color: theme.textColor,
        fontSize: glyphSize.step,
        lineHeight: 1,
        cursor: 'pointer',
        '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
      } as const)
    : ({
        width: touchTarget.phone,
        height: touchTarget.phone,
        borderRadius: radius.pill,
        border: 'none',
        background: theme.backgroundColor,
        color: theme.textColor,
        fontSize: glyphSize.close,
        cursor: 'pointer',
        boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
      } as const);

export function IconButton({
  label,
  variant = 'outlined',
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** The accessible name (the symbol alone says nothing to a screen reader). */
  label: string;
  variant?: IconButtonVariant;
}) {
  return <button type={type} aria-label={label} css={iconButtonStyle(variant)} {...props} />;
}
