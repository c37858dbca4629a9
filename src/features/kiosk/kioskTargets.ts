import { fontSize, touchTarget } from '../../shared/theme/tokens';

/**
 * A kiosk's main actions (Continue, go to payment, New order) are larger than its 56 px minimum: 72 px high
 * everywhere, and the kiosk's page-wide minimum reads the same size through `--kiosk-target`.
 */
const PRIMARY_TARGET = {
  minHeight: touchTarget.kioskPrimary,
  '--kiosk-target': `${touchTarget.kioskPrimary}px`,
} as const;

/** A kiosk's main action as it looks: the primary target with its large text. */
export const PRIMARY_ACTION = { ...PRIMARY_TARGET, fontSize: fontSize.title } as const;
