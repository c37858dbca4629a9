import { deriveTheme } from '../../domain/theme';

/** The provider's own logos (light for dark backgrounds, dark for light ones), served from static/. */
export const DEFAULT_LOGOS = {
  light: '/static/logo-light.svg',
  dark: '/static/logo-dark.svg',
  ekLight: '/static/logo-light.svg',
  ekDark: '/static/logo-dark.svg',
};

/** The theme of pages outside a shop (§9 defaults: primary #1db954 on white). */
export const defaultTheme = deriveTheme(
  { primaryColor: null, backgroundColor: null, logo: null },
  DEFAULT_LOGOS,
);
