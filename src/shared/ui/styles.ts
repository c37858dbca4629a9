import { css } from '@emotion/react';
import { fontSize, touchTarget } from '../theme/tokens';

/**
 * Style blocks that several screens wrote out the same: serialised once at load (a plain object in a `css`
 * prop is serialised and hashed at every render, on the host for every visitor). A form field's look is in
 * fieldStyles.ts.
 */

/** No margin: paragraphs and headings spaced by their container's gap instead. */
export const noMarginStyle = css({ margin: 0 });

/** A list without bullets or indent. */
export const plainListStyle = css({ margin: 0, padding: 0, listStyle: 'none' });

/** A line of secondary text (details, hints). */
export const smallTextStyle = css({ margin: 0, fontSize: fontSize.small });

/** A subheading one step above the text (footer, receipt). */
export const subheadingStyle = css({ fontSize: fontSize.lead });

/** Text whose line breaks are kept (a shop's or a product's description). */
export const preLineStyle = css({ whiteSpace: 'pre-line' });

/** A link in a line of its own, with its text centred in a touch target (Back to the shop). */
export const inlineTargetStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: touchTarget.phone,
});
