import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import type { CartItem } from '../../domain/types';
import { contentWidth, space } from '../../shared/theme/tokens';
import { Dialog } from '../../shared/ui/Dialog';
import { IconButton } from '../../shared/ui/IconButton';
import { ProductDetails } from './ProductDetails';
import { ProductForm } from './ProductForm';
import { selectProductById } from '../shopState';

/** §2 product popup (max width 500 px, image 300 px), also used to edit a cart item. */
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
      <div css={{ position: 'relative', padding: space.lg }}>
        <IconButton
          variant="raised"
          onClick={onClose}
          label={t('product.close')}
          css={{ position: 'absolute', top: space.sm, right: space.sm, zIndex: 1 }}
        >
          ×
        </IconButton>
        <ProductDetails
          product={product}
          titleId={titleId}
          imageSize={300}
          showCategory={false}
          headingLevel={2}
          closeButton
        />
        <ProductForm productId={productId} editing={editing} onDone={onClose} />
      </div>
    </Dialog>
  );
}
