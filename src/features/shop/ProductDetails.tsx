import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import { formatMoney } from '../../domain/money';
import { isOutOfStock } from '../../domain/stock';
import type { Product } from '../../domain/types';
import { fontSize, radius, space } from '../../shared/theme/tokens';
import { noMarginStyle, preLineStyle } from '../../shared/ui/styles';
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
          css={{
            width: '100%',
            height: imageSize,
            objectFit: 'cover',
            display: 'block',
            borderRadius: radius.sm,
          }}
        />
      )}
      <Heading id={titleId} css={{ margin: `${space.md}px 0 ${space.xs}px` }}>
        {product.title}
      </Heading>
      {isOutOfStock(product) && (
        <p css={{ margin: 0, fontWeight: 700, color: theme.errorColor }}>{t('product.outOfStock')}</p>
      )}
      {showCategory && category && (
        <p css={noMarginStyle}>{t('product.category', { category: category.name })}</p>
      )}
      <p css={{ margin: `${space.xs}px 0`, fontSize: fontSize.large, fontWeight: 700 }}>
        {formatMoney(product.price)}
      </p>
      <TagList tagIds={product.tagIds} label={t('product.tags')} />
      {product.description && <p css={preLineStyle}>{product.description}</p>}
    </>
  );
}
