import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import type { CartItem } from '../../domain/types';
import { contentWidth, space } from '../../shared/theme/tokens';
import { Dialog } from '../../shared/ui/Dialog';
import { IconButton } from '../../shared/ui/IconButton';
import { ProductDetails, ProductTitle } from './ProductDetails';
import { ProductForm } from './ProductForm';
import { selectProductById } from '../shopState';

/**
 * §2 product popup (max width 500 px, image 300 px), also used to edit a cart item. Its title and Close on
 * top and its quantity, total and Add at the bottom are always in view; what lies between scrolls.
 */
export function ProductPopupDialog({
  productId,
  editing,
  onClose,
}: {
  productId: string;
  editing?: CartItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const product = useAppSelector((state) => selectProductById(state, productId));
  if (!product) return null;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} maxWidth={contentWidth.narrow}>
      <ProductForm
        productId={productId}
        editing={editing}
        onDone={onClose}
        head={
          <div
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: space.sm,
              padding: `${space.sm}px ${space.sm}px ${space.sm}px ${space.lg}px`,
            }}
          >
            <ProductTitle title={product.title} id={titleId} level={2} css={{ flex: 1, margin: 0 }} />
            <IconButton variant="raised" onClick={onClose} label={t('product.close')}>
              ×
            </IconButton>
          </div>
        }
      >
        <ProductDetails product={product} imageSize={300} showCategory={false} />
      </ProductForm>
    </Dialog>
  );
}
