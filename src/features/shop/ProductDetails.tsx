import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import { isOutOfStock } from '../../domain/stock';
import type { Product } from '../../domain/types';
import { fontSize, radius, space, touchTarget } from '../../shared/theme/tokens';
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
 * What the popup and the product page show of a product (§2): image, title, out-of-stock marker,
 * category (page only), price, tags and description.
 */
export function ProductDetails({
  product,
  titleId,
  imageSize,
  showCategory,
  headingLevel,
  closeButton = false,
}: {
  product: Product;
  titleId: string;
  imageSize: number;
  showCategory: boolean;
  headingLevel: 1 | 2;
  /** The popup's close button sits in the top corner: a title without a picture above it keeps clear of it. */
  closeButton?: boolean;
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
      <Heading
        id={titleId}
        css={[
          wrapWordsStyle,
          { margin: `${space.md}px 0 ${space.xs}px` },
          closeButton && !product.image && { paddingRight: touchTarget.phone },
        ]}
      >
        {product.title}
      </Heading>
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
