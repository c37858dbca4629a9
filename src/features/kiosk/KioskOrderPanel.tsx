import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { formatMoney, multiplyMoney } from '../../domain/money';
import { tabItemMax } from '../../domain/stock';
import { Stepper } from '../../shared/ui/Stepper';
import {
  selectCartLines,
  selectCartQuantity,
  selectCartTotal,
  selectTabLinesInCart,
} from '../cart/cartSelectors';
import { cartActions } from '../cart/cartSlice';
import { preloadCartOnIntent } from '../cart/lazyCartPage';
import { sessionActions } from '../session/sessionSlice';
import { PRIMARY_TARGET } from './kioskTargets';

const lineCss = {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: '4px 12px',
  padding: '12px 0',
} as const;

/**
 * The kiosk's order, always in view beside the products (below them in portrait): each line with its
 * stepper and total, the sum, and the way on to payment. Extras and notes are changed on the cart page.
 */
export function KioskOrderPanel({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
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
        gap: 12,
        padding: 16,
        background: theme.backgroundColor,
        borderLeft: border,
        // Landscape: a column beside the products, as tall as the screen, always in view.
        position: 'sticky',
        top: 0,
        height: '100dvh',
        '@media (orientation: portrait)': {
          // Portrait: below the products, pinned to the bottom of the screen while they scroll by.
          top: 'auto',
          bottom: 0,
          height: 'auto',
          maxHeight: '42dvh',
          borderLeft: 'none',
          borderTop: border,
          boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.12)',
        },
      }}
    >
      <h2 id="kiosk-order-title" css={{ margin: 0, fontSize: 24 }}>
        {t('kiosk.order.title')}
      </h2>
      <div css={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {quantity === 0 ? (
          <p css={{ margin: 0 }}>{t('kiosk.order.empty')}</p>
        ) : (
          <ul css={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {lines.map(({ item, product, deviations, total: lineTotal, max }) => (
              <li key={item.id} css={[lineCss, { borderBottom: border }]}>
                <span css={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{product.title}</span>
                <span css={{ fontWeight: 700, textAlign: 'right' }}>{formatMoney(lineTotal)}</span>
                {deviations.length > 0 && (
                  <span css={{ gridColumn: '1 / -1', fontSize: 15 }}>
                    {deviations.map((d) => d.name).join(', ')}
                  </span>
                )}
                <span css={{ gridColumn: '1 / -1' }}>
                  <Stepper
                    value={item.count}
                    min={0}
                    max={max}
                    onChange={(count) => dispatch(cartActions.itemCountChanged({ id: item.id, count }))}
                    decreaseLabel={t('cart.decrease', { name: product.title })}
                    increaseLabel={t('cart.increase', { name: product.title })}
                    valueLabel={t('kiosk.order.quantity', { name: product.title, count: item.count })}
                  />
                </span>
              </li>
            ))}
            {tabLines.map(({ entry, selected }) => (
              <li key={entry.id} css={[lineCss, { borderBottom: border }]}>
                <span css={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{entry.title}</span>
                <span css={{ fontWeight: 700, textAlign: 'right' }}>
                  {formatMoney(multiplyMoney(entry.price, selected))}
                </span>
                <span css={{ gridColumn: '1 / -1' }}>
                  <Stepper
                    value={selected}
                    min={0}
                    max={tabItemMax(entry.count)}
                    onChange={(count) =>
                      dispatch(sessionActions.tabItemCountChanged({ id: entry.id, count }))
                    }
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
          bottom: 0,
          display: 'grid',
          gap: 12,
          // Stuck to the screen's bottom it keeps the panel's own 16 px below the link.
          padding: '4px 0 16px',
          marginBottom: -16,
          background: theme.backgroundColor,
        }}
      >
        <p
          css={{ display: 'flex', justifyContent: 'space-between', margin: 0, fontSize: 22, fontWeight: 700 }}
        >
          <span>{t('cart.sum')}</span>
          <span>{formatMoney(total)}</span>
        </p>
        {quantity > 0 && (
          <Link
            to={`/${encodeURIComponent(shopId)}/cart`}
            {...preloadCartOnIntent}
            css={{
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              ...PRIMARY_TARGET,
              borderRadius: 12,
              background: theme.primaryColor,
              color: theme.buttonTextColor,
              fontSize: 22,
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
