/** Widest content in px (§9: popup ≤ 500 px, cart and other pages ≤ 1000 px); read as `contentWidth.page`. */

export const narrow = 500;
export const page = 1000;
