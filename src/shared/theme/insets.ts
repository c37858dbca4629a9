/**
 * The screen's edges that a kiosk takes for itself (issue 23), as CSS variables: its accessibility bar at the
 * bottom, and in reach mode the empty top part of the screen. Whatever sticks to an edge of the viewport
 * (the category bar, the cart's save status, the kiosk's order panel) keeps clear of them. Anywhere else the
 * variables are unset and both insets are 0.
 */
export const INSET_TOP_VAR = '--inset-top';
export const INSET_BOTTOM_VAR = '--inset-bottom';
export const insetTop = `var(${INSET_TOP_VAR}, 0px)`;
export const insetBottom = `var(${INSET_BOTTOM_VAR}, 0px)`;
