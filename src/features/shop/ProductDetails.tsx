import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { isOutOfStock } from '../../domain/stock';
import type { Product } from '../../domain/types';
import { fontSize, radius, space } from '../../shared/theme/tokens';
import { Amount } from '../../shared/ui/Amount';
import { noMarginStyle, preLineStyle } from '../../shared/ui/styles';
import { selectCategoryOfProduct } from '../shopState';
import { TagList } from './TagList';

/**
 * Long one-word titles (Kardemummabulle, Karjalanpiirakka) wrap inside the popup, hyphenated in the page's
 * language where the browser can, broken anywhere as a last resort: never cut off.
 */
const wrapWordsStyle = { overflowWrap: 'anywhere', hyphens: 'auto' } as const;

/**
 * A product's name as the heading of its popup or page. Long one-word titles wrap instead of being cut off.
 */
export function ProductTitle({
  title,
  id,
  level,
  className,
}: {
  title: string;
  id: string;
  level: 1 | 2;
  className?: string;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading
      id={id}
      className={className}
      css={[wrapWordsStyle, { margin: `${space.md}px 0 ${space.xs}px` }]}
    >
      {title}
    </Heading>
  );
}

/**
 * What the popup and the product page show of a product (§2): image, `title` (the page's heading; the popup
 * keeps its own in its head), out-of-stock marker, category (page only), price, tags and description.
 */
export function ProductDetails({
  product,
  title,
  imageSize,
  showCategory,
}: {
  product: Product;
  title?: ReactNode;
  imageSize: number;
  showCategory: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const category = useAppSelector((state) => selectCategoryOfProduct(state, product.id));
  return (
    <>
      {product.image && (
        <img
          src={product.image}
          alt=""
          width={imageSize}
          height={imageSize}
          data-product-picture=""
          css={{
            width: '100%',
            height: imageSize,
            objectFit: 'cover',
            display: 'block',
            borderRadius: radius.sm,
          }}
        />
      )}
      {title}
      {isOutOfStock(product) && (
        <p css={{ margin: 0, fontWeight: 700, color: theme.errorColor }}>{t('product.outOfStock')}</p>
      )}
      {showCategory && category && (
        <p css={noMarginStyle}>{t('product.category', { category: category.name })}</p>
      )}
      <p css={{ margin: `${space.xs}px 0`, fontSize: fontSize.large, fontWeight: 700 }}>
        <Amount value={product.price} />
      </p>
      <TagList tagIds={product.tagIds} label={t('product.tags')} />
      {product.description && <p css={[preLineStyle, wrapWordsStyle]}>{product.description}</p>}
    </>
  );
}
