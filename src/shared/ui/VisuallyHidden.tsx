import { css } from '@emotion/react';
import type { ElementType, HTMLAttributes } from 'react';

/** Hidden on screen but read by screen readers (headings for structure, live status text). */
const visuallyHiddenStyle = css({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});

/** Renders `as` (a span by default) hidden on screen but still in the accessibility tree. */
export function VisuallyHidden({
  as: Tag = 'span',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'span' | 'p' | 'div' | 'h1' | 'h2' | 'h3' }) {
  const Element: ElementType = Tag;
  return <Element css={visuallyHiddenStyle} {...props} />;
}
