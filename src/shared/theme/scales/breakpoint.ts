/** Viewport widths in px where the layout changes; read as `breakpoint.tablet`, in media queries as `mq.*`. */

/** At most this wide, the header's cart link drops its total. */
export const smallPhone = 420;
/** §9 mobile breakpoint: from here up there is no bottom cart bar and the cart page has two columns. */
export const tablet = 768;
