/**
 * Theme rules of SPEC §3 and §9: the shop's two colours become a full theme. Only '#rgb' and '#rrggbb'
 * pass, so nothing a merchant types can inject CSS. Text is white on dark and black on light backgrounds
 * (luminance below 128 is dark, below 64 very dark), corrected where WCAG contrast would fail.
 */

import { memoized } from './memoized';

/** §9 default primary colour. */
export const DEFAULT_PRIMARY = '#1db954';
/** §9 default background colour (white). */
export const DEFAULT_BACKGROUND = '#ffffff';
/** WCAG 2 AA contrast for normal text. */
const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff' as const;
/** The base red of error texts, before it is adjusted to the background. */
const ERROR_RED = '#c62828';
const BLACK = '#000000' as const;
/** Opacity of transparentBackgroundColor (as the last two digits of an 8-digit hex: e6 ≈ 90 %). */
const TRANSPARENT_ALPHA_HEX = 'e6';

/** §3 theme: every value is a safe colour string or a logo URL. */
export interface Theme {
  logo: string;
  ekLogo: string;
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  navBarColor: string;
  contrastTextColor: string;
  linkColor: string;
  borderColor: string;
  hoverColor: string;
  buttonTextColor: string;
  paymentBorderColor: string;
  transparentBackgroundColor: string;
  /** Error texts and invalid outlines: red, adjusted until it reads on the background (WCAG 4.5:1). */
  errorColor: string;
  /** Outlines of inputs: strong enough for WCAG's 3:1 for controls, unlike the faint borderColor. */
  controlBorderColor: string;
}

/** Default logos: `light` is drawn for dark backgrounds, `dark` for light ones. */
export interface ThemeLogos {
  light: string;
  dark: string;
  ekLight: string;
  ekDark: string;
}

/** What deriveTheme reads of the shop and company. */
export interface ThemeInput {
  primaryColor: unknown;
  backgroundColor: unknown;
  logo: string | null;
}

type Rgb = [number, number, number];

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True only for '#rgb' or '#rrggbb' (any case); names, rgb(), CSS fragments and other lengths fail (§3). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** A valid hex colour as lowercase '#rrggbb', else `fallback` (§3: no CSS reaches the theme unchecked). */
export function sanitizeColor(value: unknown, fallback: string): string {
  if (!isHexColor(value)) return fallback;
  const digits = value.slice(1).toLowerCase();
  if (digits.length === 6) return `#${digits}`;
  return `#${[...digits].map((d) => d + d).join('')}`;
}

function toRgb(hex: string): Rgb {
  const normalized = sanitizeColor(hex, '');
  if (normalized === '') throw new Error('Not a hex colour');
  return [1, 3, 5].map((i) => parseInt(normalized.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `weight` (0–1) of `top` over `base`, channel by channel in sRGB. */
function mix(base: string, top: string, weight: number): string {
  const [r1, g1, b1] = toRgb(base);
  const [r2, g2, b2] = toRgb(top);
  const blend = (from: number, to: number): number => from * (1 - weight) + to * weight;
  return toHex([blend(r1, r2), blend(g1, g2), blend(b1, b2)]);
}

/** Perceived luminance 0–255 (§9): 0.299 R + 0.587 G + 0.114 B. Throws on a non-hex colour. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex);
  // Integer weights, so greys land exactly on their value (0.299 + 0.587 + 0.114 is not exactly 1 in floats).
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/** §9: a colour is dark when its luminance is below 128. */
export function isDark(hex: string): boolean {
  return luminance(hex) < 128;
}

/** §9: a colour is very dark when its luminance is below 64. */
export function isVeryDark(hex: string): boolean {
  return luminance(hex) < 64;
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Text colour on `bg` (§3): white on dark, black on light; but when that choice is below WCAG 4.5:1 and the
 * other does better, the other (white on the default green #1db954 would be 2.6:1). Remembered per colour:
 * every tag chip of every card asks it.
 */
export const readableTextOn: (bg: string) => '#ffffff' | '#000000' = memoized(
  (bg: string) => {
    const preferred = isDark(bg) ? WHITE : BLACK;
    const other = preferred === WHITE ? BLACK : WHITE;
    const preferredContrast = contrastRatio(preferred, bg);
    if (preferredContrast < MIN_TEXT_CONTRAST && contrastRatio(other, bg) > preferredContrast) return other;
    return preferred;
  },
  (bg) => bg,
  500,
);

/** Mixes `fg` towards `target` in 5 % steps until it reaches `min` contrast on `bg`, or null if even `target` fails. */
function stepTowards(fg: string, target: string, bg: string, min: number): string | null {
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(fg, target, step / 20);
    if (contrastRatio(candidate, bg) >= min) return candidate;
  }
  return null;
}

/**
 * `fg` adjusted to at least `min` WCAG contrast on `bg` (§3 readable links): darkened in small steps on a
 * light background, lightened on a dark one (the other way if that cannot get there). Returns '#rrggbb'.
 */
export function ensureContrast(fg: string, bg: string, min = MIN_TEXT_CONTRAST): string {
  const start = toHex(toRgb(fg));
  if (contrastRatio(start, bg) >= min) return start;
  const towards = isDark(bg) ? WHITE : BLACK;
  const away = towards === WHITE ? BLACK : WHITE;
  return (
    stepTowards(start, towards, bg, min) ??
    stepTowards(start, away, bg, min) ??
    (contrastRatio(towards, bg) >= contrastRatio(away, bg) ? towards : away)
  );
}

/**
 * The §3 theme from the shop's colours: invalid colours fall back to the §9 defaults; text follows the
 * background, button text the primary colour; links keep 4.5:1; the logo is the company's or a default
 * light logo on a dark background and dark logo on a light one.
 */
export function deriveTheme(input: ThemeInput, logos: ThemeLogos): Theme {
  return themeOf(
    sanitizeColor(input.primaryColor, DEFAULT_PRIMARY),
    sanitizeColor(input.backgroundColor, DEFAULT_BACKGROUND),
    input.logo?.trim() ? input.logo : null,
    logos,
  );
}

/** The theme of valid colours, remembered per colours and logos: every render of a shop asks it again. */
const themeOf = memoized(
  (primaryColor: string, backgroundColor: string, companyLogo: string | null, logos: ThemeLogos): Theme => {
    const textColor = readableTextOn(backgroundColor);
    const onPrimary = readableTextOn(primaryColor);
    const darkBackground = isDark(backgroundColor);
    // Frozen: one object for every render of the shop's colours.
    return Object.freeze({
      logo: companyLogo ?? (darkBackground ? logos.light : logos.dark),
      ekLogo: darkBackground ? logos.ekLight : logos.ekDark,
      primaryColor,
      backgroundColor,
      textColor,
      navBarColor: primaryColor,
      contrastTextColor: onPrimary,
      linkColor: ensureContrast(primaryColor, backgroundColor),
      // A faint line in the text colour; stronger on very dark backgrounds, where 15 % would vanish.
      borderColor: mix(backgroundColor, textColor, isVeryDark(backgroundColor) ? 0.3 : 0.15),
      hoverColor: isVeryDark(primaryColor) ? mix(primaryColor, WHITE, 0.15) : mix(primaryColor, BLACK, 0.1),
      buttonTextColor: onPrimary,
      paymentBorderColor: primaryColor,
      transparentBackgroundColor: `${backgroundColor}${TRANSPARENT_ALPHA_HEX}`,
      errorColor: ensureContrast(ERROR_RED, backgroundColor),
      controlBorderColor: mix(backgroundColor, textColor, 0.55),
    });
  },
  (...args) => JSON.stringify(args),
  100,
);
