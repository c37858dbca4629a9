import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Page } from './Page';

/** A page outside a shop (merchant and account pages): the logo, the title, then the content. */
export function BrandedPage({ title, children }: { title: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <Page narrow>
      <img
        src={theme.logo}
        alt=""
        width={160}
        height={40}
        css={{ objectFit: 'contain', objectPosition: 'left' }}
      />
      <h1 css={{ overflowWrap: 'anywhere' }}>{title}</h1>
      {children}
    </Page>
  );
}
