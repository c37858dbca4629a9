import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import type { CartItem } from '../../domain/types';
import { Dialog } from '../../shared/ui/Dialog';
import { ProductDetails } from './ProductDetails';
import { ProductForm } from './ProductForm';
import { selectProductById } from './shopSelectors';

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
    <Dialog labelledBy={titleId} onClose={onClose} maxWidth={500}>
      <div css={{ position: 'relative', padding: 16 }}>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('product.close')}
          css={(theme) => ({
            position: 'absolute',
            top: 8,
            right: 8,
            zIndex: 1,
            width: 44,
            height: 44,
            borderRadius: 22,
            border: 'none',
            background: theme.backgroundColor,
            color: theme.textColor,
            fontSize: 26,
            cursor: 'pointer',
            boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
          })}
        >
          ×
        </button>
        <ProductDetails
          product={product}
          titleId={titleId}
          imageSize={300}
          showCategory={false}
          headingLevel={2}
        />
        <ProductForm productId={productId} editing={editing} onDone={onClose} />
      </div>
    </Dialog>
  );
}
