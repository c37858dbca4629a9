import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { useTheme, type Theme } from '@emotion/react';
import { formatMoney } from '../../domain/money';
import { isOutOfStock } from '../../domain/stock';
import type { DisplayType } from '../../domain/types';
import { selectProductQuantity, selectCanAdd } from '../cart/cartSelectors';
import { cartActions } from '../cart/cartSlice';
import type { CartState } from '../cart/cartSlice';
import type { PaymentState } from '../payment/paymentSlice';
import type { SessionState } from '../session/sessionSlice';
import { selectProductById } from './shopSelectors';
import type { ShopState } from './shopSlice';
import { TagList } from './TagList';

type State = { shop: ShopState; cart: CartState; session: SessionState; payment: PaymentState };

/** Size of a card's image per display type (§9: row card image 150 px). */
const IMAGE_SIZE = { SMALL_IMAGE: 150, LARGE_IMAGE: 480, NO_IMAGE: 0 } as const;

/**
 * A product in the store grid, in one of the three §2 display types. It subscribes to its own product,
 * its own cart quantity and whether more can be added only, so adding something else to the cart leaves it alone.
 */
export const ProductCard = memo(function ProductCard({
  shopId,
  productId,
  displayType,
  eager,
  onOpen,
}: {
  shopId: string;
  productId: string;
  displayType: DisplayType;
  /** Above the fold: load the image at once instead of lazily. */
  eager: boolean;
  onOpen: (productId: string) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useDispatch();
  const product = useSelector((state: State) => selectProductById(state, productId));
  const quantity = useSelector((state: State) => selectProductQuantity(state, productId));
  const addable = useSelector((state: State) => selectCanAdd(state, productId));
  // Not built from the product id: server ids may hold spaces (which split aria-labelledby) or repeat.
  const titleId = useId();
  if (!product) return null;

  const soldOut = isOutOfStock(product);
  const hasExtras = product.deviationGroupIds.length > 0;
  // §4 add item: products with extras open the popup, others are added with count 1.
  const add = () =>
    hasExtras
      ? onOpen(productId)
      : dispatch(cartActions.itemAdded({ productId, count: 1, deviations: [], description: '' }));
  const size = IMAGE_SIZE[displayType];
  const large = displayType === 'LARGE_IMAGE';

  const image =
    displayType === 'NO_IMAGE' ? null : product.image ? (
      <img
        src={product.image}
        alt=""
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        css={imageCss(large, size)}
      />
    ) : (
      <div
        aria-hidden="true"
        css={[imageCss(large, size), { background: theme.transparentBackgroundColor }]}
      />
    );

  const open = large ? (
    <Link
      to={`/${encodeURIComponent(shopId)}/products/${encodeURIComponent(productId)}`}
      css={stretched(theme)}
    >
      {product.title}
    </Link>
  ) : (
    <button type="button" onClick={() => onOpen(productId)} css={[stretched(theme), resetButton]}>
      {product.title}
    </button>
  );

  return (
    <article
      aria-labelledby={titleId}
      css={{
        position: 'relative',
        display: 'flex',
        flexDirection: large ? 'column' : 'row',
        gap: 12,
        padding: large ? 0 : 12,
        border: `1px solid ${theme.borderColor}`,
        borderRadius: 12,
        overflow: 'hidden',
        background: theme.backgroundColor,
        '&:focus-within': { boxShadow: `0 0 0 3px ${theme.linkColor}` },
      }}
    >
      {image}
      <div
        css={{
          display: 'flex',
          flexDirection: 'column',
          gap: 4,
          flex: 1,
          minWidth: 0,
          padding: large ? '0 12px 12px' : 0,
        }}
      >
        <h3 id={titleId} css={{ margin: 0, fontSize: 17 }}>
          {open}
        </h3>
        {product.description && displayType !== 'LARGE_IMAGE' && (
          <p
            css={{
              margin: 0,
              fontSize: 14,
              opacity: 0.85,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {product.description}
          </p>
        )}
        <TagList tagIds={product.tagIds} label={t('product.tags')} />
        <div css={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 'auto', flexWrap: 'wrap' }}>
          <span css={{ fontWeight: 700 }}>{formatMoney(product.price)}</span>
          {soldOut && (
            <span css={{ fontWeight: 600, color: theme.errorColor }}>{t('product.outOfStock')}</span>
          )}
          {quantity > 0 && <span css={{ fontSize: 14 }}>{t('store.inCart', { count: quantity })}</span>}
          <button
            type="button"
            onClick={add}
            disabled={!addable}
            aria-label={t('product.addToCart', { name: product.title })}
            css={{
              position: 'relative',
              zIndex: 1,
              marginLeft: 'auto',
              width: 44,
              height: 44,
              borderRadius: 22,
              border: 'none',
              background: theme.primaryColor,
              color: theme.buttonTextColor,
              fontSize: 24,
              lineHeight: 1,
              cursor: 'pointer',
              '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
            }}
          >
            +
          </button>
        </div>
      </div>
    </article>
  );
});

const imageCss = (large: boolean, size: number) =>
  large
    ? { width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover' as const, display: 'block' }
    : {
        width: size,
        height: size,
        flex: 'none',
        objectFit: 'cover' as const,
        borderRadius: 8,
        maxWidth: '35vw',
        maxHeight: '35vw',
      };

/** The card's main control covers the whole card (a click anywhere opens it); the add button sits above. */
const stretched = (theme: Theme) => ({
  color: theme.textColor,
  textDecoration: 'none',
  font: 'inherit',
  fontWeight: 700,
  textAlign: 'left' as const,
  '&::after': { content: '""', position: 'absolute' as const, inset: 0 },
  '&:focus-visible': { outline: 'none' },
});

const resetButton = { background: 'none', border: 'none', padding: 0, cursor: 'pointer' };
