import type { Theme } from '@emotion/react';

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
  const buttonCss = (theme: Theme) => ({
    width: 44,
    height: 44,
    borderRadius: 22,
    border: `2px solid ${theme.primaryColor}`,
    background: 'transparent',
    color: theme.textColor,
    fontSize: 22,
    lineHeight: 1,
    cursor: 'pointer',
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  });
  return (
    <div role="group" aria-label={valueLabel} css={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <button
        type="button"
        css={buttonCss}
        aria-label={decreaseLabel}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output
        aria-live="polite"
        aria-label={valueLabel}
        css={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }}
      >
        {value}
      </output>
      <button
        type="button"
        css={buttonCss}
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
