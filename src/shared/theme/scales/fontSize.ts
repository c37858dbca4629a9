/**
 * Type scale in px, ascending; read as `fontSize.small` through tokens.ts. Two one-offs were merged into
 * the nearest step (1 px, not visible beside their neighbours): the footer's 15 px into `small`, a store
 * card's 17 px title into `lead`; the kiosk order panel's 15 px extras line went up to `body` instead, as a
 * kiosk is read standing at arm's length.
 */

/** A product's tag chips. */
export const caption = 13;
/** Secondary text: hints, a cart line's details, a field's error, the footer. */
export const small = 14;
/** Running text, and every text input (below 16 px, iOS Safari zooms into the field on focus). */
export const body = 16;
/** Subheadings (footer, receipt), the shop's title, a card's title; a kiosk's base size. */
export const lead = 18;
/** Amounts that matter: a product's price, the receipt's total, the amount to pay. */
export const large = 20;
/** Kiosk: the sum, the main actions, the receipt's "scan" heading. */
export const title = 22;
/** Kiosk: the order panel's heading. */
export const headline = 24;
/** Kiosk: the idle question. */
export const display = 28;
/** Kiosk: the idle countdown's seconds. */
export const hero = 32;
