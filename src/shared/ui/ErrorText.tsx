import { useTheme } from '@emotion/react';

/** An error message, announced, in the theme's error colour (readable on light and dark shop backgrounds). */
export function ErrorText({ text, id }: { text: string | null; id?: string }) {
  const theme = useTheme();
  if (!text) return null;
  return (
    <p id={id} role="alert" css={{ color: theme.errorColor, fontWeight: 600 }}>
      {text}
    </p>
  );
}
