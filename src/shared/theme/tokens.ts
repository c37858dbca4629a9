/**
 * Design tokens: the sizes every screen shares. The colours live in the theme (domain/theme.ts), because
 * they come from the shop; these do not, so they are constants, imported where used (no theme lookup).
 * Emotion object styles take a number as px: `{ gap: space.md, minHeight: touchTarget.phone }`. A shorthand
 * is a template string, padding: `${space.sm}px ${space.lg}px`, which the minifier folds to '8px 16px'.
 *
 * Each numeric scale is a module of `export const`s (scales/*.ts), re-exported here as a namespace, so a
 * component reads `space.md` as if from an object. Unlike an object's property (`o.space.md` at every use in
 * the bundle), webpack inlines such a constant into every use (`optimization.inlineExports`, on in
 * production): `gap: space.md` ships as `gap:12`. Import them from here, not from scales/.
 *
 * The values are the ones the components used, collected (docs/architecture.md "Design tokens").
 * `__tests__/shared/tokens.test.ts` keeps touch targets and font sizes from being written as literals.
 */
import * as breakpoint from './scales/breakpoint';
import * as contentWidth from './scales/contentWidth';
import * as fontSize from './scales/fontSize';
import * as glyphSize from './scales/glyphSize';
import * as radius from './scales/radius';
import * as space from './scales/space';
import * as touchTarget from './scales/touchTarget';

export { breakpoint, contentWidth, fontSize, glyphSize, radius, space, touchTarget };

/** Media queries as object-style keys: `{ [mq.tabletUp]: { display: 'none' } }`. */
export const mq = {
  smallPhoneDown: `@media (max-width: ${breakpoint.smallPhone}px)`,
  tabletUp: `@media (min-width: ${breakpoint.tablet}px)`,
  /** A kiosk standing upright: the order panel goes below the products. */
  portrait: '@media (orientation: portrait)',
} as const;
