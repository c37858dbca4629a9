/*
 * A kiosk's page-wide rules (issue 34): written into index.html's own <style> at build time
 * (webpack.config.ts), in force with `html[data-kiosk]`, which index.tsx sets before the app's first render.
 * They used to arrive with the kiosk's lazy chunk, and the page grew under a finger already on its way
 * (44 px targets became 56 px, the text a step larger): a tap aimed at "+" landed on the card beside it.
 * Plain data (Emotion's object styles): nothing of it is in the app's bundle.
 */
import type { CSSObject } from '@emotion/react';
import { INSET_TOP_VAR, insetBottom, insetTop } from '../../shared/theme/insets';
import { fontSize, space, touchTarget } from '../../shared/theme/tokens';

/** The kiosk's touch sizes: every control at least 56 × 56 CSS px (a finger at arm's length, standing). */
const KIOSK_TARGET = `${touchTarget.kiosk}px`;

/**
 * Touch targets for the whole page in kiosk mode, whatever each component sets for phones (44 px): the
 * `html[data-kiosk]` prefix outranks a component's single class. A main action asks for more by setting
 * `--kiosk-target` (see PRIMARY_TARGET). Checkboxes and radios count by their label.
 */
const touchCss: CSSObject = {
  'html[data-kiosk] :is(button, a[href], select, textarea, input:not([type=checkbox], [type=radio], [type=hidden]))':
    { minHeight: `var(--kiosk-target, ${KIOSK_TARGET})`, minWidth: KIOSK_TARGET },
  'html[data-kiosk] a[href]': { display: 'inline-flex', alignItems: 'center' },
  'html[data-kiosk] label:has(> input[type=checkbox], > input[type=radio])': {
    display: 'flex',
    alignItems: 'center',
    minHeight: KIOSK_TARGET,
  },
  // Text one step up the scale: read standing, at arm's length.
  'html[data-kiosk] body': { fontSize: fontSize.lead },
};

/** "Larger text" makes every text this much larger (issue 23; WCAG 1.4.4 asks for up to 2× by any means). */
const LARGE_TEXT = 1.5;
/** The lower part of the screen that reach mode keeps the interface in (issue 23: every control within it). */
const REACH_SHARE = 0.55;
const REACH_TOP = `${Math.round((1 - REACH_SHARE) * 100)}dvh`;

/**
 * The kiosk's edges and the customer's choices, as page-wide rules. The accessibility bar's height is the
 * bottom inset (set by AssistBar); reach mode makes the top 45 % of the screen an inset too: the page starts
 * below it, whatever sticks keeps below it, a dialog opens below it, and focus and anchors scroll to below it
 * (scroll-padding), so every control is shown in the lower 55 %. Larger text raises the root size, which
 * every step of the type scale (rem) follows.
 */
const assistCss: CSSObject = {
  'html[data-kiosk]': {
    scrollPaddingTop: insetTop,
    scrollPaddingBottom: insetBottom,
  },
  'html[data-kiosk] body': { paddingBottom: insetBottom },
  'html[data-kiosk][data-reach]': { [INSET_TOP_VAR]: REACH_TOP },
  'html[data-kiosk][data-reach] body': { paddingTop: insetTop },
  'html[data-kiosk][data-reach] dialog:modal': {
    insetBlock: `${insetTop} ${insetBottom}`,
    maxHeight: `calc(100dvh - ${insetTop} - ${insetBottom} - ${space.md}px)`,
  },
  'html[data-kiosk][data-large-text]': { fontSize: `${LARGE_TEXT * 100}%` },
  // Either choice leaves a popup little height: its picture goes, so the choices show between its title and
  // Add (docs/product-rules.md §2, kiosk).
  'html[data-kiosk]:is([data-reach], [data-large-text]) dialog [data-product-picture]': { display: 'none' },
};

/** The kiosk's rules, for index.html. */
export const KIOSK_PAGE_STYLES = [touchCss, assistCss];
