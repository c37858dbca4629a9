import { fontSize, touchTarget } from '../theme/tokens';

/**
 * Style blocks that several screens wrote out the same: static objects, built once at load. A form
 * field's look is in fieldStyles.ts.
 */

/** No margin: paragraphs and headings spaced by their container's gap instead. */
export const noMarginStyle = { margin: 0 } as const;

/** A list without bullets or indent. */
export const plainListStyle = { margin: 0, padding: 0, listStyle: 'none' } as const;

/** A line of secondary text (details, hints). */
export const smallTextStyle = { margin: 0, fontSize: fontSize.small } as const;

/** A subheading one step above the text (footer, receipt). */
export const subheadingStyle = { fontSize: fontSize.lead } as const;

/** Text whose line breaks are kept (a shop's or a product's description). */
export const preLineStyle = { whiteSpace: 'pre-line' } as const;

/** A link in a line of its own, with its text centred in a touch target (Back to the shop). */
export const inlineTargetStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: touchTarget.phone,
} as const;
