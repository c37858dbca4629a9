import { css } from '@emotion/react';
import { memoized } from '../../domain/memoized';
import type { Theme } from '../../domain/theme';
import type { DisplayType } from '../../domain/types';
import { fontSize, glyphSize, radius, space, touchTarget } from '../../shared/theme/tokens';

/**
 * The store grid's stylesheet: plain class names, written once per theme by the store page's `<Global>`,
 * instead of an Emotion `css` object on every element of every card (which serialized and hashed styles
 * per element per render and added two components per styled element).
 */
export const storeClass = {
  section: 'store-section',
  /** A block of up to BLOCK_SIZE cards of a section (see storeWindow), drawn or empty. */
  block: 'store-block',
  grid: 'store-grid',
  /** An empty block: the cards it stands for are not drawn (see storeWindow). */
  placeholder: 'store-placeholder',
  card: 'store-card',
  /** LARGE_IMAGE: image on top; otherwise a row card. */
  cardLarge: 'store-card--large',
  image: 'store-image',
  imageEmpty: 'store-image--empty',
  body: 'store-body',
  title: 'store-title',
  open: 'store-open',
  description: 'store-description',
  row: 'store-row',
  price: 'store-price',
  soldOut: 'store-sold-out',
  inCart: 'store-in-cart',
  add: 'store-add',
} as const;

/** Size of a card's image per display type (§9: row card image 150 px). */
export const IMAGE_SIZE = { SMALL_IMAGE: 150, LARGE_IMAGE: 480, NO_IMAGE: 0 } as const;

/** The grid's narrowest column and gap: a kiosk's cards are larger, read standing, tapped at arm's length. */
export function gridOf(displayType: DisplayType, kiosk: boolean) {
  const minCard = displayType === 'LARGE_IMAGE' ? (kiosk ? 200 : 160) : kiosk ? 280 : 300;
  return { minCard, gap: kiosk ? space.lg : space.md };
}

const c = (name: string) => `.${name}`;

/** Long one-word titles wrap, hyphenated in the page's language where the browser can: never cut off. */
const wrapWords = { overflowWrap: 'anywhere', hyphens: 'auto' } as const;

/**
 * The stylesheet for `<Global styles>`: theme colours and the grid's columns baked in. A `windowed` store
 * keeps the view still itself when blocks are drawn above it (see ProductBlock), so its sections are no
 * scroll anchors for the browser, which would otherwise adjust a second time or, anchored on a block
 * being drawn, not at all.
 */
export function storeStyles(
  theme: Theme,
  { minCard, gap }: { minCard: number; gap: number },
  windowed: boolean,
) {
  const large = c(storeClass.cardLarge);
  return {
    [c(storeClass.section)]: { scrollMarginTop: 64, overflowAnchor: windowed ? 'none' : 'auto' },
    [c(storeClass.grid)]: {
      display: 'grid',
      // Never wider than the page: a 320 px phone has less room than a row card's 300 px column.
      gridTemplateColumns: `repeat(auto-fill, minmax(min(${minCard}px, 100%), 1fr))`,
      gap,
    },
    // Blocks follow each other as if one grid: the gap between their rows stays.
    [`${c(storeClass.block)} + ${c(storeClass.block)}`]: { marginTop: gap },
    [c(storeClass.placeholder)]: {
      outline: 'none',
      // Its cards are asked for and their products are on their way (issue 37): a spinner where they go.
      '&[aria-busy="true"]::before': {
        content: '""',
        display: 'block',
        width: 24,
        height: 24,
        margin: `${space.lg}px auto`,
        borderRadius: '50%',
        border: `3px solid ${theme.borderColor}`,
        borderTopColor: theme.primaryColor,
        animation: 'store-spin 0.8s linear infinite',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      },
    },
    '@keyframes store-spin': { to: { transform: 'rotate(360deg)' } },
    [c(storeClass.card)]: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'row',
      gap: space.md,
      padding: space.md,
      border: `1px solid ${theme.borderColor}`,
      borderRadius: radius.lg,
      overflow: 'hidden',
      background: theme.backgroundColor,
      '&:focus-within': { boxShadow: `0 0 0 3px ${theme.linkColor}` },
    },
    [large]: { flexDirection: 'column', padding: 0 },
    [c(storeClass.image)]: {
      width: IMAGE_SIZE.SMALL_IMAGE,
      height: IMAGE_SIZE.SMALL_IMAGE,
      flex: 'none',
      objectFit: 'cover',
      borderRadius: radius.sm,
      maxWidth: '35vw',
      maxHeight: '35vw',
    },
    [`${large} ${c(storeClass.image)}`]: {
      width: '100%',
      height: 'auto',
      aspectRatio: '1 / 1',
      display: 'block',
      borderRadius: 0,
      maxWidth: 'none',
      maxHeight: 'none',
    },
    [c(storeClass.imageEmpty)]: { background: theme.transparentBackgroundColor },
    [c(storeClass.body)]: { display: 'flex', flexDirection: 'column', gap: space.xs, flex: 1, minWidth: 0 },
    [`${large} ${c(storeClass.body)}`]: { padding: `0 ${space.md}px ${space.md}px` },
    // A long compound word (Kardemummabulle, Karjalanpiirakka) wraps, hyphenated where the browser knows
    // the page's language, broken anywhere as a last resort: never cut off by the card.
    [c(storeClass.title)]: { margin: 0, fontSize: fontSize.lead, ...wrapWords },
    // The card's main control covers the whole card (a click anywhere opens it); the add button sits above.
    // The title's text is laid out in it (a button of its own in row cards): it wraps the same way, said
    // again rather than trusted to inherit into a form control.
    [c(storeClass.open)]: {
      ...wrapWords,
      maxWidth: '100%',
      color: theme.textColor,
      textDecoration: 'none',
      font: 'inherit',
      fontWeight: 700,
      textAlign: 'left',
      background: 'none',
      border: 'none',
      padding: 0,
      cursor: 'pointer',
      '&::after': { content: '""', position: 'absolute', inset: 0 },
      '&:focus-visible': { outline: 'none' },
    },
    [c(storeClass.description)]: {
      margin: 0,
      fontSize: fontSize.small,
      opacity: 0.85,
      // Two lines at most (by design), but a long word wraps inside them rather than running out of the card.
      overflowWrap: 'anywhere',
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    },
    [c(storeClass.row)]: {
      display: 'flex',
      alignItems: 'center',
      gap: space.sm,
      marginTop: 'auto',
      flexWrap: 'wrap',
    },
    [c(storeClass.price)]: { fontWeight: 700 },
    [c(storeClass.soldOut)]: { fontWeight: 600, color: theme.errorColor },
    [c(storeClass.inCart)]: { fontSize: fontSize.small },
    [c(storeClass.add)]: {
      position: 'relative',
      zIndex: 1,
      marginLeft: 'auto',
      width: touchTarget.phone,
      height: touchTarget.phone,
      borderRadius: radius.pill,
      border: 'none',
      background: theme.primaryColor,
      color: theme.buttonTextColor,
      fontSize: glyphSize.add,
      lineHeight: 1,
      cursor: 'pointer',
      '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
    },
  } as const;
}

/**
 * {@link storeStyles} serialised once per theme and grid: Emotion's `<Global>` serialises and hashes plain
 * styles at every render it gets, and the host renders the store page for every visitor (issue 37).
 */
export const storeStylesheet = memoized(
  (theme: Theme, grid: { minCard: number; gap: number }, windowed: boolean) =>
    css(storeStyles(theme, grid, windowed)),
  (theme, grid, windowed) => JSON.stringify([theme, grid, windowed]),
  64,
);
