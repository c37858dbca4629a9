import type { Theme } from '@emotion/react';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { radius, space, touchTarget } from '../theme/tokens';

export type ButtonVariant = 'primary' | 'secondary';

/** Shared button look: at least 44 px high for touch, primary colour from the shop's theme. */
export const buttonStyle = (variant: ButtonVariant) => (theme: Theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.sm,
  minHeight: touchTarget.phone,
  minWidth: touchTarget.phone,
  padding: '10px 20px',
  borderRadius: radius.sm,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  border: `2px solid ${theme.primaryColor}`,
  background: variant === 'primary' ? theme.primaryColor : 'transparent',
  color: variant === 'primary' ? theme.buttonTextColor : theme.textColor,
  '&:hover:not(:disabled)': {
    background: variant === 'primary' ? theme.hoverColor : theme.transparentBackgroundColor,
  },
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
});

export function Button({
  variant = 'primary',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} css={buttonStyle(variant)} {...props} />;
}

/** A link that looks like a button (for plain navigation). */
export function ButtonLink({
  variant = 'primary',
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant }) {
  return <a css={buttonStyle(variant)} {...props} />;
}
