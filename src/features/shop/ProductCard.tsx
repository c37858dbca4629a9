import { memo, useId, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../domain/money';
import { isOutOfStock } from '../../domain/stock';
import type { DisplayType } from '../../domain/types';
import { cartActions, selectProductCard } from '../cart';
import { useCartChange } from '../paymentState';
import { IMAGE_SIZE, storeClass } from './storeStyles';
import { TagList } from './TagList';

/** The texts of a card, made once per language by the store page (not a `useTranslation` per card). */
export interface CardTexts {
  tags: string;
  outOfStock: string;
  inCart: (count: number) => string;
  addToCart: (name: string) => string;
  /** Name of an empty block of a category (see ProductBlock). */
  showProducts: (category: string) => string;
}

/** Stands in for a value while a text is translated once; then each card puts its own value there. */
const SLOT = '\u0000';

/** A text translated once with SLOT for its value; each card then puts its own value there by joins. */
function slotted(text: string): (value: string) => string {
  const parts = text.split(SLOT);
  return (value) => parts.join(value);
}

/** The texts of all cards, for one `t` (i18next's `t` per card and render was a large part of a big shop's render). */
export function cardTexts(t: TFunction): CardTexts {
  return {
    tags: t('product.tags'),
    outOfStock: t('product.outOfStock'),
    inCart: (count) => t('store.inCart', { count }),
    addToCart: slotted(t('product.addToCart', { name: SLOT })),
    showProducts: slotted(t('store.showProducts', { category: SLOT })),
  };
}

/**
 * A link's plain click goes to its page through the app's router, as React Router's `Link` does; a click with
 * a modifier key or another button stays the browser's (a new tab or window). A card's link is a plain `<a>`:
 * `Link` resolved its path and ran eight hooks per card on every render, about a tenth of the café's render on
 * the server (issue 37).
 */
function followInApp(event: MouseEvent<HTMLAnchorElement>, to: string, follow: (to: string) => void) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  if (event.defaultPrevented || event.button !== 0 || modified) return;
  event.preventDefault();
  follow(to);
}

/**
 * A product in the store grid, in one of the three §2 display types. It subscribes to one value: its own
 * entry of selectProductCardStates (product, cart quantity, whether more can be added), which keeps its
 * reference until that product's own state changes, so adding something else to the cart leaves it alone.
 * Styles are the store page's static classes (storeStyles).
 */
export const ProductCard = memo(function ProductCard({
  shopId,
  productId,
  displayType,
  eager,
  onOpen,
  onFollow,
  texts,
}: {
  shopId: string;
  productId: string;
  displayType: DisplayType;
  /**
   * Above the fold: load the image at once and before other images. Each of the first cards may be the
   * largest paint (drawn at the same size, the one a pixel larger counts), so all of them are high priority.
   */
  eager: boolean;
  onOpen: (productId: string) => void;
  onFollow: (to: string) => void;
  texts: CardTexts;
}) {
  const change = useCartChange(); // §4 asks first while a payment is STARTED
  const card = useAppSelector((state) => selectProductCard(state, productId));
  // Not built from the product id: server ids may hold spaces (which split aria-labelledby) or repeat.
  const titleId = useId();
  if (!card) return null;
  const { product, quantity, addable } = card;

  const hasExtras = product.deviationGroupIds.length > 0;
  // §4 add item: products with extras open the popup, others are added with count 1.
  const add = () =>
    hasExtras
      ? onOpen(productId)
      : change(cartActions.itemAdded({ productId, count: 1, deviations: [], description: '' }));
  const size = IMAGE_SIZE[displayType];
  const productPage = `/${encodeURIComponent(shopId)}/products/${encodeURIComponent(productId)}`;
  const large = displayType === 'LARGE_IMAGE';

  const image =
    displayType === 'NO_IMAGE' ? null : product.image ? (
      <img
        src={product.image}
        alt=""
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className={storeClass.image}
      />
    ) : (
      <div aria-hidden="true" className={`${storeClass.image} ${storeClass.imageEmpty}`} />
    );

  return (
    <article
      aria-labelledby={titleId}
      className={large ? `${storeClass.card} ${storeClass.cardLarge}` : storeClass.card}
    >
      {image}
      <div className={storeClass.body}>
        <h3 id={titleId} className={storeClass.title}>
          {large ? (
            <a
              href={productPage}
              className={storeClass.open}
              onClick={(event) => followInApp(event, productPage, onFollow)}
            >
              {product.title}
            </a>
          ) : (
            <button
              type="button"
              onClick={() => onOpen(productId)}
              data-tap={`open:${productId}`}
              className={storeClass.open}
            >
              {product.title}
            </button>
          )}
        </h3>
        {product.description && !large && <p className={storeClass.description}>{product.description}</p>}
        <TagList tagIds={product.tagIds} label={texts.tags} />
        <div className={storeClass.row}>
          {/* An amount, kept whole (shared/ui/Amount's hook, written here: no component in the first load). */}
          <span className={storeClass.price} data-amount="">
            {formatMoney(product.price)}
          </span>
          {isOutOfStock(product) && <span className={storeClass.soldOut}>{texts.outOfStock}</span>}
          {quantity > 0 && <span className={storeClass.inCart}>{texts.inCart(quantity)}</span>}
          <button
            type="button"
            onClick={add}
            disabled={!addable}
            aria-label={texts.addToCart(product.title)}
            data-tap={`add:${productId}`}
            className={storeClass.add}
          >
            +
          </button>
        </div>
      </div>
    </article>
  );
});
