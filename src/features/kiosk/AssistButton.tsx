import type { ReactNode } from 'react';
import { space } from '../../shared/theme/tokens';
import { buttonStyle } from '../../shared/ui/Button';

/** Drawn symbols (no font may lack them), hidden from assistive technology: the button's text names it. */
const ICON = { width: 28, height: 28, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A person in a wheelchair: the symbol kiosks use for the mode that lowers the interface. */
export const ReachIcon = () => (
  <svg {...ICON}>
    <circle cx="11" cy="3.5" r="2" fill="currentColor" />
    <path {...STROKE} d="M11 7v6h5l2.5 5.5M11 10h4.5M8 10.5a5.5 5.5 0 1 0 7.5 7" />
  </svg>
);

/** A small and a large A. */
export const TextSizeIcon = () => (
  <svg {...ICON}>
    <path {...STROKE} d="M2 19l4-10 4 10M3.6 15h4.8M12 19l5-14 5 14M14 14h6" />
  </svg>
);

/** A loudspeaker with sound waves. */
export const SpeakerIcon = () => (
  <svg {...ICON}>
    <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
    <path {...STROKE} d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </svg>
);

/** One of the bar's buttons: a symbol and its name, pressed while the choice is on. */
export function AssistButton({
  icon,
  label,
  pressed,
  onClick,
  onFocus,
}: {
  icon: ReactNode;
  label: string;
  pressed?: boolean;
  onClick: () => void;
  onFocus?: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      onFocus={onFocus}
      css={(theme) => [
        buttonStyle(pressed ? 'primary' : 'secondary')(theme),
        { padding: `${space.xs}px ${space.md}px`, textAlign: 'start' },
      ]}
    >
      {icon}
      {label}
    </button>
  );
}
