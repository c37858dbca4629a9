/**
 * Spacing (margin, padding, gap) in px, on a 4 px grid with 2 px for the tightest gaps; read as `space.md`
 * through tokens.ts. Off the scale on purpose, and written in place: a chip's and a button's own padding
 * (2/10, 10/20, 6/12, 0/14 px), the footer links' 10 px that centres their text in a 44 px target, and the
 * bottom room pages keep for the fixed mobile cart bar.
 */
export const xxs = 2;
export const xs = 4;
export const sm = 8;
export const md = 12;
export const lg = 16;
export const xl = 24;
export const xxl = 32;
