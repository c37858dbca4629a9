import { css } from '@emotion/react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link } from 'react-router';
import { formatMoney } from '../../domain/money';
import { mq, radius, space, touchTarget } from '../../shared/theme/tokens';
import { selectCartQuantity, selectCartTotal, selectCartTotalKnown } from '../cart';
import { preloadCartOnIntent } from './lazyCartPage';

/** Static styles, serialised once. */
const totalCss = css({ [mq.smallPhoneDown]: { display: 'none' } });
const countCss = css({ fontVariantNumeric: 'tabular-nums' });

/** §2 cart summary link: total price and item count (none until the total can be told). */
export function CartSummaryLink({ shopId, color }: { shopId: string; color: string }) {
  const { t } = useTranslation();
  const count = useAppSelector(selectCartQuantity);
  const total = formatMoney(useAppSelector(selectCartTotal));
  const known = useAppSelector(selectCartTotalKnown);
  if (!known) return null;
  return (
    <Link
      to={`/${encodeURIComponent(shopId)}/cart`}
      {...preloadCartOnIntent}
      aria-label={t('shop.cartSummary', { count, total })}
      css={{
        color,
        display: 'inline-flex',
        alignItems: 'center',
        gap: space.sm,
        minHeight: touchTarget.phone,
        padding: '6px 12px',
        borderRadius: radius.pill,
        border: `2px solid ${color}`,
        textDecoration: 'none',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      <CartIcon />
      {/* On the narrowest phones the total gives way to the shop's title; the label still says it. An amount,
          kept whole (shared/ui/Amount's hook, written here: no component in the first load). */}
      <span data-amount="" css={totalCss}>
        {total}
      </span>
      <span css={countCss}>({count})</span>
    </Link>
  );
}

export function CartIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 4h2l2.4 11h10.2L20 7H6.2" strokeLinejoin="round" />
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="17" cy="20" r="1.5" />
    </svg>
  );
}
