import type { Theme } from '@emotion/react';
import { fontSize, radius, space, touchTarget } from '../theme/tokens';

/**
 * The look of a form field, shared by TextField and the fields written out in place (the note's textarea,
 * Stripe's card field).
 */

/** A form field: label, hint, control and error stacked. */
export const fieldStyle = { display: 'flex', flexDirection: 'column', gap: space.xs } as const;

/** A form field's label. */
export const fieldLabelStyle = { fontWeight: 600 } as const;

/**
 * A text input or textarea: a touch target tall, 16 px text (so iOS does not zoom in), an outline strong
 * enough for WCAG's 3:1 for controls.
 */
export const textControlStyle = (theme: Theme) =>
  ({
    minHeight: touchTarget.phone,
    font: 'inherit',
    fontSize: fontSize.body,
    borderRadius: radius.sm,
    border: `1px solid ${theme.controlBorderColor}`,
    background: theme.backgroundColor,
    color: theme.textColor,
  }) as const;
