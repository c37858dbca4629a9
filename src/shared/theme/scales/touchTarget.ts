/**
 * Smallest size of anything to tap, in CSS px; read as `touchTarget.phone`. Phones: 44 × 44, WCAG 2.2
 * success criterion 2.5.5 "Target Size (Enhanced)" and Apple's Human Interface Guidelines. Kiosk: 56 × 56,
 * a finger at arm's length on a standing counter tablet (docs/kiosk.md, issue 10); KioskShell raises
 * every control to it.
 */

export const phone = 44;
/** A phone's main choices (payment methods, the mobile cart bar). */
export const phoneLarge = 52;
export const kiosk = 56;
/** A kiosk's main actions (Continue, Go to payment, New order). */
export const kioskPrimary = 72;
