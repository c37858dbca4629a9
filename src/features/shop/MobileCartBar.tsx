import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link, useMatch } from 'react-router';
import { css, useTheme } from '@emotion/react';
import { formatMoney } from '../../domain/money';
import { mq, radius, space, touchTarget } from '../../shared/theme/tokens';
import {
  selectCartQuantity,
  selectCartTotal,
  selectCartTotalKnown,
  selectTabTotal,
  selectUnpaidTabCount,
} from '../cart';
import { CartIcon } from './CartSummaryLink';
import { preloadCartOnIntent } from './lazyCartPage';

/**
 * §2 mobile bottom bar (hidden from 768 px up): 'to cart' with total and count, or, with an open tab and
 * nothing in the cart, 'pay tab' with the tab total and the unpaid tab items not in the cart. None until the
 * cart's total can be told (selectCartTotalKnown).
 */
/** Static styles, serialised once. */
const labelCss = css({ flex: '1 1 0', display: 'flex', flexWrap: 'wrap', columnGap: space.md });
const noWrapCss = css({ whiteSpace: 'nowrap' });

export function MobileCartBar({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const count = useAppSelector(selectCartQuantity);
  const total = useAppSelector(selectCartTotal);
  const tabTotal = useAppSelector(selectTabTotal);
  const unpaid = useAppSelector(selectUnpaidTabCount);
  const known = useAppSelector(selectCartTotalKnown);
  const onCart = useMatch('/:webshopId/cart') !== null;
  const payTab = count === 0 && unpaid > 0;
  if (onCart || !known || (count === 0 && !payTab)) return null;
  return (
    <nav
      aria-label={t('cart.title')}
      css={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        padding: `${space.sm}px ${space.md}px calc(${space.sm}px + env(safe-area-inset-bottom))`,
        background: theme.backgroundColor,
        borderTop: `1px solid ${theme.borderColor}`,
        zIndex: 20,
        [mq.tabletUp]: { display: 'none' },
      }}
    >
      <Link
        to={`/${encodeURIComponent(shopId)}/cart`}
        {...preloadCartOnIntent}
        css={{
          display: 'flex',
          // With larger text on a narrow phone the total moves, whole, to a row of its own.
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: space.md,
          minHeight: touchTarget.phoneLarge,
          padding: `0 ${space.lg}px`,
          borderRadius: radius.md,
          background: theme.primaryColor,
          color: theme.buttonTextColor,
          textDecoration: 'none',
          fontWeight: 700,
        }}
      >
        <CartIcon />
        {/* What and how many, the count under the words where the row is short (a 320 px phone): the total
            keeps its place beside them, whole, and the count is never split from its word (issue 40). */}
        <span css={labelCss}>
          <span>{payTab ? t('cart.payTab') : t('cart.toCart')}</span>
          <span css={noWrapCss}>{t('cart.itemCount', { count: payTab ? unpaid : count })}</span>
        </span>
        {/* An amount, kept whole (shared/ui/Amount's hook, written here: no component in the first load). */}
        <span data-amount="">{formatMoney(payTab ? tabTotal : total)}</span>
      </Link>
    </nav>
  );
}
