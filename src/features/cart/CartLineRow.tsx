import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import { formatMoney, multiplyMoney } from '../../domain/money';
import { tabItemMax } from '../../domain/stock';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Stepper } from '../../shared/ui/Stepper';
import { sessionActions } from '../session/sessionSlice';
import type { CartLine, TabLine } from './cartSelectors';
import { cartActions } from './cartSlice';

const rowCss = {
  display: 'flex',
  flexWrap: 'wrap' as const,
  alignItems: 'center',
  gap: 12,
  padding: '12px 0',
};

/** One cart item: title, extras, note, §5 stepper (0 removes, max = count + remaining stock), §8 stock message. */
export function CartLineRow({ line, onEdit }: { line: CartLine; onEdit: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const { item, product } = line;
  const setCount = (count: number) => dispatch(cartActions.itemCountChanged({ id: item.id, count }));
  return (
    <li css={[rowCss, { borderBottom: `1px solid ${theme.borderColor}` }]}>
      <div css={{ flex: '1 1 220px', minWidth: 0 }}>
        <p css={{ margin: 0, fontWeight: 700 }}>{product.title}</p>
        {line.deviations.length > 0 && (
          <p css={{ margin: 0, fontSize: 14 }}>
            {line.deviations
              .map((d) => (d.price && d.price.amount ? `${d.name} (+${formatMoney(d.price)})` : d.name))
              .join(', ')}
          </p>
        )}
        {item.description && <p css={{ margin: 0, fontSize: 14, fontStyle: 'italic' }}>{item.description}</p>}
        <p css={{ margin: 0, fontSize: 14 }}>{formatMoney(line.unitPrice)}</p>
        {/* §5 the stepper stops at count + remaining stock: say why its + is disabled. */}
        {product.limitStock && line.stockError === null && item.count >= line.max && (
          <p css={{ margin: 0, fontSize: 14 }}>{t('cart.onlyInStock', { count: product.count })}</p>
        )}
        {line.stockError !== null && (
          <p role="alert" css={{ margin: 0, fontWeight: 600, color: theme.errorColor }}>
            {line.stockError > 0
              ? t('cart.outOfStockArticleError', { count: line.stockError })
              : t('cart.outOfStock')}
          </p>
        )}
      </div>
      <Stepper
        value={item.count}
        min={0}
        max={line.max}
        onChange={setCount}
        decreaseLabel={t('cart.decrease', { name: product.title })}
        increaseLabel={t('cart.increase', { name: product.title })}
        valueLabel={t('cart.quantity', { name: product.title, quantity: item.count })}
      />
      <span css={{ minWidth: 96, textAlign: 'right', fontWeight: 700 }}>{formatMoney(line.total)}</span>
      <span css={{ display: 'flex', gap: 4 }}>
        <LinkButton onClick={onEdit} aria-label={t('cart.editItem', { name: product.title })} css={rowAction}>
          {t('cart.edit')}
        </LinkButton>
        <LinkButton
          onClick={() => setCount(0)}
          aria-label={t('cart.removeItem', { name: product.title })}
          css={rowAction}
        >
          {t('cart.remove')}
        </LinkButton>
      </span>
    </li>
  );
}

/** A tab entry: to choose from the open tab, or already added (stepper up to its tab count, §5). */
export function TabLineRow({ line, mode }: { line: TabLine; mode: 'choose' | 'inCart' }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const { entry, selected } = line;
  const setCount = (count: number) => dispatch(sessionActions.tabItemCountChanged({ id: entry.id, count }));
  const shown = mode === 'choose' ? entry.count - selected : selected;
  return (
    <li css={[rowCss, { borderBottom: `1px solid ${theme.borderColor}` }]}>
      <div css={{ flex: '1 1 220px', minWidth: 0 }}>
        <p css={{ margin: 0, fontWeight: 700 }}>
          {shown} × {entry.title}
        </p>
        {entry.deviations.length > 0 && (
          <p css={{ margin: 0, fontSize: 14 }}>{entry.deviations.map((d) => d.name).join(', ')}</p>
        )}
        {entry.description && (
          <p css={{ margin: 0, fontSize: 14, fontStyle: 'italic' }}>{entry.description}</p>
        )}
        <p css={{ margin: 0, fontSize: 14 }}>{formatMoney(entry.price)}</p>
      </div>
      {mode === 'choose' ? (
        <LinkButton
          onClick={() => setCount(selected + 1)}
          aria-label={t('cart.addFromTab', { name: entry.title })}
          css={rowAction}
        >
          + {t('product.add')}
        </LinkButton>
      ) : (
        <>
          <Stepper
            value={selected}
            min={0}
            max={tabItemMax(entry.count)}
            onChange={setCount}
            decreaseLabel={t('cart.decrease', { name: entry.title })}
            increaseLabel={t('cart.increase', { name: entry.title })}
            valueLabel={t('cart.quantity', { name: entry.title, quantity: selected })}
          />
          <span css={{ minWidth: 96, textAlign: 'right', fontWeight: 700 }}>
            {formatMoney(multiplyMoney(entry.price, selected))}
          </span>
        </>
      )}
    </li>
  );
}

/** The row's text actions sit close together, so each gets a little padding of its own. */
const rowAction = { padding: '0 8px' };
