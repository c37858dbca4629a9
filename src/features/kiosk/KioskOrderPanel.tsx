import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link, type LinkProps } from 'react-router';
import { useTheme } from '@emotion/react';
import { multiplyMoney } from '../../domain/money';
import { tabItemMax } from '../../domain/stock';
import { insetBottom, insetTop } from '../../shared/theme/insets';
import { fontSize, mq, radius, space } from '../../shared/theme/tokens';
import { Amount, amountRowStyle } from '../../shared/ui/Amount';
import { Stepper } from '../../shared/ui/Stepper';
import { noMarginStyle, plainListStyle } from '../../shared/ui/styles';
import {
  cartActions,
  selectCartLines,
  selectCartQuantity,
  selectCartTotal,
  selectTabLinesInCart,
} from '../cart';
import { useCartChange } from '../paymentState';
import { sessionActions } from '../session';
import { PRIMARY_ACTION } from './kioskTargets';

const lineCss = {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: `${space.xs}px ${space.md}px`,
  padding: `${space.md}px 0`,
} as const;
/** Long one-word titles (Karjalanpiirakka) wrap, hyphenated where the browser can: never cut off. */
const titleCss = { fontWeight: 700, overflowWrap: 'anywhere', hyphens: 'auto' } as const;
const amountCss = { fontWeight: 700, textAlign: 'right' } as const;
/** A line's second row, across both columns. */
const fullWidthCss = { gridColumn: '1 / -1' } as const;

/**
 * The kiosk's order, always in view beside the products (below them in portrait): each line with its
 * stepper and total, the sum, and the way on to payment. Extras and notes are changed on the cart page.
 * `cartLinkIntent`: what fetches the cart page's code when a finger lands on the link to it (the shop's
 * layout, which owns that page, hands it over).
 */
export function KioskOrderPanel({
  shopId,
  cartLinkIntent,
}: {
  shopId: string;
  cartLinkIntent: Pick<LinkProps, 'onPointerEnter' | 'onTouchStart' | 'onFocus'>;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const change = useCartChange(); // §4 asks first while a payment is STARTED
  const lines = useAppSelector(selectCartLines);
  const tabLines = useAppSelector(selectTabLinesInCart);
  const quantity = useAppSelector(selectCartQuantity);
  const total = useAppSelector(selectCartTotal);
  const border = `1px solid ${theme.borderColor}`;
  return (
    <aside
      aria-labelledby="kiosk-order-title"
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: space.md,
        padding: space.lg,
        background: theme.backgroundColor,
        borderLeft: border,
        // Landscape: a column beside the products, as tall as the screen (less the kiosk's own edges: the
        // accessibility bar, reach mode's empty top), always in view.
        position: 'sticky',
        top: insetTop,
        height: `calc(100dvh - ${insetTop} - ${insetBottom})`,
        [mq.portrait]: {
          // Portrait: below the products, pinned above the accessibility bar while they scroll by, taking at
          // most 42 % of the screen left to the interface.
          top: 'auto',
          bottom: insetBottom,
          height: 'auto',
          maxHeight: `calc((100dvh - ${insetTop} - ${insetBottom}) * 0.42)`,
          borderLeft: 'none',
          borderTop: border,
          boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.12)',
        },
      }}
    >
      <h2 id="kiosk-order-title" css={{ margin: 0, fontSize: fontSize.headline }}>
        {t('kiosk.order.title')}
      </h2>
      <div css={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {quantity === 0 ? (
          <p css={noMarginStyle}>{t('kiosk.order.empty')}</p>
        ) : (
          <ul css={plainListStyle}>
            {lines.map(({ item, product, deviations, total: lineTotal, max }) => (
              <li key={item.id} css={[lineCss, { borderBottom: border }]}>
                <span css={titleCss}>{product.title}</span>
                <span css={amountCss}>
                  <Amount value={lineTotal} />
                </span>
                {deviations.length > 0 && (
                  <span css={[fullWidthCss, { fontSize: fontSize.body, overflowWrap: 'anywhere' }]}>
                    {deviations.map((d) => d.name).join(', ')}
                  </span>
                )}
                <span css={fullWidthCss}>
                  <Stepper
                    value={item.count}
                    min={0}
                    max={max}
                    onChange={(count) => change(cartActions.itemCountChanged({ id: item.id, count }))}
                    decreaseLabel={t('cart.decrease', { name: product.title })}
                    increaseLabel={t('cart.increase', { name: product.title })}
                    valueLabel={t('kiosk.order.quantity', { name: product.title, count: item.count })}
                  />
                </span>
              </li>
            ))}
            {tabLines.map(({ entry, selected }) => (
              <li key={entry.id} css={[lineCss, { borderBottom: border }]}>
                <span css={titleCss}>{entry.title}</span>
                <span css={amountCss}>
                  <Amount value={multiplyMoney(entry.price, selected)} />
                </span>
                <span css={fullWidthCss}>
                  <Stepper
                    value={selected}
                    min={0}
                    max={Math.max(selected, tabItemMax(entry))}
                    onChange={(count) => change(sessionActions.tabItemCountChanged({ id: entry.id, count }))}
                    decreaseLabel={t('cart.decrease', { name: entry.title })}
                    increaseLabel={t('cart.increase', { name: entry.title })}
                    valueLabel={t('kiosk.order.quantity', { name: entry.title, count: selected })}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* The sum and the way on stay on screen even while the panel's top is still below the header (it is as
          tall as the screen, so at the top of the page its bottom would be under the fold). */}
      <div
        css={{
          position: 'sticky',
          bottom: insetBottom,
          display: 'grid',
          gap: space.md,
          // Stuck to the screen's bottom it keeps the panel's own 16 px below the link.
          padding: `${space.xs}px 0 ${space.lg}px`,
          marginBottom: -space.lg,
          background: theme.backgroundColor,
        }}
      >
        {/* "Amount to pay" and the sum on one row when they fit, else the sum whole under it (larger text). */}
        <p css={[amountRowStyle, { margin: 0, fontSize: fontSize.title, fontWeight: 700 }]}>
          <span>{t('cart.sum')}</span>
          <Amount value={total} />
        </p>
        {quantity > 0 && (
          <Link
            to={`/${encodeURIComponent(shopId)}/cart`}
            {...cartLinkIntent}
            css={{
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              // Its words keep clear of its edges, also over two lines at larger text.
              padding: `${space.sm}px ${space.md}px`,
              textAlign: 'center',
              ...PRIMARY_ACTION,
              borderRadius: radius.lg,
              background: theme.primaryColor,
              color: theme.buttonTextColor,
              fontWeight: 700,
              textDecoration: 'none',
            }}
          >
            {t('kiosk.order.toPayment', { count: quantity })}
          </Link>
        )}
      </div>
    </aside>
  );
}
