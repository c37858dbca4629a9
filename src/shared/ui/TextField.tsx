import { useId, type InputHTMLAttributes } from 'react';

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
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 12 }}>
      <label htmlFor={id} css={{ fontWeight: 600 }}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} css={{ fontSize: 14, opacity: 0.8 }}>
          {hint}
        </span>
      )}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        css={(theme) => ({
          minHeight: 44,
          padding: '8px 12px',
          font: 'inherit',
          fontSize: 16, // 16 px keeps iOS from zooming on focus
          borderRadius: 8,
          border: `1px solid ${error ? theme.errorColor : theme.controlBorderColor}`,
          background: theme.backgroundColor,
          color: theme.textColor,
        })}
        {...input}
      />
      {error && (
        <span id={`${id}-error`} role="alert" css={(theme) => ({ color: theme.errorColor, fontSize: 14 })}>
          {error}
        </span>
      )}
    </div>
  );
}
