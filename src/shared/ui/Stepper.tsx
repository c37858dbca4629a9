import { space } from '../theme/tokens';
import { IconButton } from './IconButton';

/**
 * A quantity stepper: − value + with labelled buttons of at least 44 px and the value announced politely.
 * Labels come from the caller (translated there).
 */
export function Stepper({
  value,
  min,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
  valueLabel,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
  /** Accessible text for the value, e.g. "Quantity: 2". */
  valueLabel: string;
}) {
  return (
    <div
      role="group"
      aria-label={valueLabel}
      css={{ display: 'inline-flex', alignItems: 'center', gap: space.sm }}
    >
      <IconButton label={decreaseLabel} disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </IconButton>
      <output
        aria-live="polite"
        aria-label={valueLabel}
        css={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }}
      >
        {value}
      </output>
      <IconButton label={increaseLabel} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </IconButton>
    </div>
  );
}
