import { useId, type InputHTMLAttributes } from 'react';
import { fontSize, space } from '../theme/tokens';
import { fieldLabelStyle, fieldStyle, textControlStyle } from './fieldStyles';

/** A labelled text input whose error message is tied to it (aria-describedby, aria-invalid). */
export function TextField({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div css={[fieldStyle, { marginBottom: space.md }]}>
      <label htmlFor={id} css={fieldLabelStyle}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} css={{ fontSize: fontSize.small, opacity: 0.8 }}>
          {hint}
        </span>
      )}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        css={(theme) => [
          textControlStyle(theme),
          { padding: `${space.sm}px ${space.md}px` },
          error && { borderColor: theme.errorColor },
        ]}
        {...input}
      />
      {error && (
        <span
          id={`${id}-error`}
          role="alert"
          css={(theme) => ({ color: theme.errorColor, fontSize: fontSize.small })}
        >
          {error}
        </span>
      )}
    </div>
  );
}
