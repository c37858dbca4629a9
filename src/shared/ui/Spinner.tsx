import { space } from '../theme/tokens';

/** A busy indicator with an accessible label; motion is dropped for people who ask for less. */
export function Spinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      css={{ display: 'flex', alignItems: 'center', gap: space.md, padding: `${space.xl}px 0` }}
    >
      <span
        aria-hidden="true"
        css={(theme) => ({
          width: 24,
          height: 24,
          // Round beside words that wrap: a flex item would otherwise be squeezed into an ellipse.
          flexShrink: 0,
          borderRadius: '50%',
          border: `3px solid ${theme.borderColor}`,
          borderTopColor: theme.primaryColor,
          animation: 'spin 0.8s linear infinite',
          '@keyframes spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        })}
      />
      <span>{label}</span>
    </div>
  );
}
