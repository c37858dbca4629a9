/**
 * A kiosk's main actions (Continue, go to payment, New order) are larger than its 56 px minimum: 72 px high
 * everywhere, and the kiosk's page-wide minimum reads the same size through `--kiosk-target`.
 */
export const PRIMARY_TARGET = { minHeight: 72, '--kiosk-target': '72px' } as const;
