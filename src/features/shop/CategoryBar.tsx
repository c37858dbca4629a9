import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { css, useTheme } from '@emotion/react';
import type { Category } from '../../domain/types';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { plainListStyle } from '../../shared/ui/styles';
import { insetTop } from '../../shared/theme/insets';
import { CartSummaryLink } from './CartSummaryLink';

/** DOM id of a category's section (ids from the server are not trusted as DOM ids). */
export const categoryAnchor = (index: number) => `category-${index}`;

/**
 * §2 sticky category bar: one anchor per category; once scrolled past its place it sticks to the top and
 * also shows a cart link. Issue 26: a search button opens the menu's search, whose field (`search`) then
 * takes the links' place.
 */
/** The sentinel's style, serialised once. */
const sentinelCss = css({ height: 1 });

export function CategoryBar({
  categories,
  shopId,
  onJump,
  onSearch,
  searchBusy = false,
  search,
}: {
  categories: Category[];
  shopId: string;
  /** Called with the category's index before the browser jumps to it (the store draws its cards first). */
  onJump?: (index: number) => void;
  /** Opens the search (the button shows while `search` is not given). */
  onSearch: () => void;
  /** The search was asked for and is not ready yet (its code or the shop's products on their way). */
  searchBusy?: boolean;
  /** The open search's field, in place of the category links. */
  search: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const sentinel = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setStuck(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div ref={sentinel} aria-hidden="true" css={sentinelCss} />
      <nav
        aria-label={t('shop.categories')}
        css={{
          position: 'sticky',
          top: insetTop,
          zIndex: 10,
          display: 'flex',
          alignItems: 'center',
          gap: space.sm,
          padding: `${space.xs}px ${space.sm}px`,
          background: theme.backgroundColor,
          borderBottom: `1px solid ${theme.borderColor}`,
          boxShadow: stuck ? '0 2px 6px rgba(0,0,0,0.12)' : 'none',
        }}
      >
        {search ?? (
          <>
            <button
              type="button"
              aria-label={t('search.open')}
              aria-busy={searchBusy || undefined}
              data-tap="search"
              onClick={onSearch}
              css={{
                flex: 'none',
                display: 'grid',
                placeItems: 'center',
                minWidth: touchTarget.phone,
                minHeight: touchTarget.phone,
                padding: 0,
                color: theme.textColor,
                background: 'transparent',
                border: `1px solid ${theme.borderColor}`,
                borderRadius: radius.pill,
                cursor: 'pointer',
              }}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m12.5 12.5 6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            <ul
              css={[
                plainListStyle,
                {
                  display: 'flex',
                  gap: space.xs,
                  overflowX: 'auto',
                  flex: 1,
                  scrollbarWidth: 'thin',
                  // One rule for every link (not a style object per link).
                  '& > li': { flex: 'none' },
                  '& a': {
                    display: 'inline-flex',
                    alignItems: 'center',
                    minHeight: touchTarget.phone,
                    padding: '0 14px',
                    borderRadius: radius.pill,
                    color: theme.textColor,
                    textDecoration: 'none',
                    whiteSpace: 'nowrap',
                    '&:hover': { background: theme.transparentBackgroundColor, textDecoration: 'underline' },
                  },
                },
              ]}
            >
              {categories.map((category, index) => (
                <li key={category.id}>
                  <a href={`#${categoryAnchor(index)}`} onClick={onJump && (() => onJump(index))}>
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        {stuck && <CartSummaryLink shopId={shopId} color={theme.textColor} />}
      </nav>
    </>
  );
}
