import { Fragment } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useCartChange } from '../paymentState';
import type { Theme } from '@emotion/react';
import { multiplyMoney } from '../../domain/money';
import { tabItemMax } from '../../domain/stock';
import { space } from '../../shared/theme/tokens';
import { Amount } from '../../shared/ui/Amount';
import { errorTextStyle } from '../../shared/ui/ErrorText';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Stepper } from '../../shared/ui/Stepper';
import { noMarginStyle, smallTextStyle } from '../../shared/ui/styles';
import { sessionActions } from '../session';
import type { CartLine, TabLine } from './cartSelectors';
import { cartActions } from './cartSlice';

const rowCss = (theme: Theme) =>
  ({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.md,
    padding: `${space.md}px 0`,
    borderBottom: `1px solid ${theme.borderColor}`,
  }) as const;
/** The title, details and messages, taking the row's free width. */
const mainCss = { flex: '1 1 220px', minWidth: 0 } as const;
/** Long one-word titles (Kardemummabulle) wrap, hyphenated where the browser can: never cut off. */
const titleCss = { margin: 0, fontWeight: 700, overflowWrap: 'anywhere', hyphens: 'auto' } as const;
const noteCss = [smallTextStyle, { fontStyle: 'italic', overflowWrap: 'anywhere' }] as const;
const totalCss = { minWidth: 96, textAlign: 'right', fontWeight: 700 } as const;

/** One cart item: title, extras, note, §5 stepper (0 removes, max = count + remaining stock), §8 stock message. */
export function CartLineRow({ line, onEdit }: { line: CartLine; onEdit: () => void }) {
  const { t } = useTranslation();
  const change = useCartChange(); // §4 asks first while a payment is STARTED
  const { item, product } = line;
  const setCount = (count: number) => change(cartActions.itemCountChanged({ id: item.id, count }));
  return (
    <li css={rowCss}>
      <div css={mainCss}>
        <p css={titleCss}>{product.title}</p>
        {line.deviations.length > 0 && (
          <p css={smallTextStyle}>
            {line.deviations.map((d, i) => (
              <Fragment key={`${i}:${d.id}`}>
                {i > 0 && ', '}
                {d.name}
                {d.price && d.price.amount ? (
                  <>
                    {' ('}
                    <Amount value={d.price} sign="+" />)
                  </>
                ) : null}
              </Fragment>
            ))}
          </p>
        )}
        {item.description && <p css={noteCss}>{item.description}</p>}
        <p css={smallTextStyle}>
          <Amount value={line.unitPrice} />
        </p>
        {/* §5 the stepper stops at count + remaining stock: say why its + is disabled. */}
        {product.limitStock && line.stockError === null && item.count >= line.max && (
          <p css={smallTextStyle}>{t('cart.onlyInStock', { count: product.count })}</p>
        )}
        {line.stockError !== null && (
          <p role="alert" css={[errorTextStyle, noMarginStyle]}>
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
      <span css={totalCss}>
        <Amount value={line.total} />
      </span>
      <span css={{ display: 'flex', gap: space.xs }}>
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
  const change = useCartChange(); // §4 asks first while a payment is STARTED
  const { entry, selected } = line;
  const setCount = (count: number) => change(sessionActions.tabItemCountChanged({ id: entry.id, count }));
  const shown = mode === 'choose' ? entry.count - selected : selected;
  // §3 another guest is paying for some of it: what is free may be chosen, the rest says why it may not.
  const free = tabItemMax(entry);
  return (
    <li css={rowCss}>
      <div css={mainCss}>
        <p css={titleCss}>
          {shown} × {entry.title}
        </p>
        {entry.deviations.length > 0 && (
          <p css={smallTextStyle}>{entry.deviations.map((d) => d.name).join(', ')}</p>
        )}
        {entry.description && <p css={noteCss}>{entry.description}</p>}
        <p css={smallTextStyle}>
          <Amount value={entry.price} />
        </p>
        {entry.beingPaid > 0 && (
          <p css={selected > free ? errorTextStyle : smallTextStyle}>
            {entry.beingPaid >= entry.count
              ? t('cart.tabLineBeingPaid')
              : t('cart.tabLineBeingPaidSome', { count: entry.beingPaid })}
          </p>
        )}
      </div>
      {mode === 'choose' ? (
        selected < free && (
          <LinkButton
            onClick={() => setCount(selected + 1)}
            aria-label={t('cart.addFromTab', { name: entry.title })}
            css={rowAction}
          >
            + {t('product.add')}
          </LinkButton>
        )
      ) : (
        <>
          <Stepper
            value={selected}
            min={0}
            max={Math.max(selected, free)}
            onChange={setCount}
            decreaseLabel={t('cart.decrease', { name: entry.title })}
            increaseLabel={t('cart.increase', { name: entry.title })}
            valueLabel={t('cart.quantity', { name: entry.title, quantity: selected })}
          />
          <span css={totalCss}>
            <Amount value={multiplyMoney(entry.price, selected)} />
          </span>
        </>
      )}
    </li>
  );
}

/** The row's text actions sit close together, so each gets a little padding of its own. */
const rowAction = { padding: `0 ${space.sm}px` };
