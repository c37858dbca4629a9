/** Corner radii in px; read as `radius.sm`. */

/** Buttons, inputs, images. */
export const sm = 8;
/** Big choice buttons (payment methods, the mobile cart bar), grouped fields. */
export const md = 10;
/** Cards, dialogs, the receipt, chips. */
export const lg = 12;
/** Fully round at a phone's touch height (half of touchTarget.phone): round buttons, pill links. */
export const pill = 22;
