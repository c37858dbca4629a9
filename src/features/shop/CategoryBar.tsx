import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@emotion/react';
import type { Category } from '../../domain/types';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { plainListStyle } from '../../shared/ui/styles';
import { CartSummaryLink } from '../cart';
import { insetTop } from '../../shared/theme/insets';

/** DOM id of a category's section (ids from the server are not trusted as DOM ids). */
export const categoryAnchor = (index: number) => `category-${index}`;

/**
 * §2 sticky category bar: one anchor per category; once scrolled past its place it sticks to the top and
 * also shows a cart link.
 */
export function CategoryBar({
  categories,
  shopId,
  onJump,
}: {
  categories: Category[];
  shopId: string;
  /** Called with the category's index before the browser jumps to it (the store draws its cards first). */
  onJump?: (index: number) => void;
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
      <div ref={sentinel} aria-hidden="true" css={{ height: 1 }} />
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
        <ul
          css={{
            ...plainListStyle,
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
          }}
        >
          {categories.map((category, index) => (
            <li key={category.id}>
              <a href={`#${categoryAnchor(index)}`} onClick={onJump && (() => onJump(index))}>
                {category.name}
              </a>
            </li>
          ))}
        </ul>
        {stuck && <CartSummaryLink shopId={shopId} color={theme.textColor} />}
      </nav>
    </>
  );
}
