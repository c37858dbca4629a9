import '@emotion/react';
import type { Theme as ShopTheme } from '../../domain/theme';

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends ShopTheme {}
}
