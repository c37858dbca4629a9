/**
 * Type scale, ascending, in rem of the browser's 16 px (the px each step is at that size are in its comment):
 * text follows the reader's own browser text size, and a kiosk's "Larger text" makes every step 1.5× by
 * raising the root size alone (issue 23). Read as `fontSize.small` through tokens.ts. Two one-offs were merged into
 * the nearest step (1 px, not visible beside their neighbours): the footer's 15 px into `small`, a store
 * card's 17 px title into `lead`; the kiosk order panel's 15 px extras line went up to `body` instead, as a
 * kiosk is read standing at arm's length.
 */

/** A product's tag chips. */
export const caption = '0.8125rem'; // 13 px
/** Secondary text: hints, a cart line's details, a field's error, the footer. */
export const small = '0.875rem'; // 14 px
/** Running text, and every text input (below 16 px, iOS Safari zooms into the field on focus). */
export const body = '1rem'; // 16 px
/** Subheadings (footer, receipt), the shop's title, a card's title; a kiosk's base size. */
export const lead = '1.125rem'; // 18 px
/** Amounts that matter: a product's price, the receipt's total, the amount to pay. */
export const large = '1.25rem'; // 20 px
/** Kiosk: the sum, the main actions, the receipt's "scan" heading. */
export const title = '1.375rem'; // 22 px
/** Kiosk: the order panel's heading. */
export const headline = '1.5rem'; // 24 px
/** Kiosk: the idle question. */
export const display = '1.75rem'; // 28 px
/** Kiosk: the idle countdown's seconds. */
export const hero = '2rem'; // 32 px
