import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import { formatMoney } from '../../domain/money';
import { isOutOfStock } from '../../domain/stock';
import type { Product } from '../../domain/types';
import { selectCategoryOfProduct } from './shopSelectors';
import { TagList } from './TagList';

/**
 * What the popup and the product page show of a product (§2): image, title, out-of-stock marker,
 * category (page only), price, tags and description.
 */
export function ProductDetails({
  product,
  titleId,
  imageSize,
  showCategory,
  headingLevel,
}: {
  product: Product;
  titleId: string;
  imageSize: number;
  showCategory: boolean;
  headingLevel: 1 | 2;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const category = useAppSelector((state) => selectCategoryOfProduct(state, product.id));
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      {product.image && (
        <img
          src={product.image}
          alt=""
          width={imageSize}
          height={imageSize}
          css={{ width: '100%', height: imageSize, objectFit: 'cover', display: 'block', borderRadius: 8 }}
        />
      )}
      <Heading id={titleId} css={{ margin: '12px 0 4px' }}>
        {product.title}
      </Heading>
      {isOutOfStock(product) && (
        <p css={{ margin: 0, fontWeight: 700, color: theme.errorColor }}>{t('product.outOfStock')}</p>
      )}
      {showCategory && category && (
        <p css={{ margin: 0 }}>{t('product.category', { category: category.name })}</p>
      )}
      <p css={{ margin: '4px 0', fontSize: 20, fontWeight: 700 }}>{formatMoney(product.price)}</p>
      <TagList tagIds={product.tagIds} label={t('product.tags')} />
      {product.description && <p css={{ whiteSpace: 'pre-line' }}>{product.description}</p>}
    </>
  );
}
