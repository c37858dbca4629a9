/** Size in px of a symbol drawn as text on a round button (−, +, ×); read as `glyphSize.step`. */

/** − and + of a stepper. */
export const step = 22;
/** + on a store card. */
export const add = 24;
/** × closing a dialog. */
export const close = 26;
