import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link, useNavigate, useNavigationType, useParams, useSearchParams } from 'react-router';
import { Page } from '../../shared/ui/Page';
import { inlineTargetStyle } from '../../shared/ui/styles';
import { selectCartItem } from '../cart';
import { ProductDetails, ProductTitle } from './ProductDetails';
import { ProductForm } from './ProductForm';
import { Spinner } from '../../shared/ui/Spinner';
import { selectProductById, selectShopPartial } from '../shopState';

/**
 * §2 product page: details, extras, total, quantity up to the remaining stock, Add or Update (?edit=itemId).
 * Done, it returns to where the customer was without a new history entry, so Back never reopens it: to the
 * store page it was opened from (Back, which keeps the store's scroll position), else in its place.
 */
export function ProductPage() {
  const { t } = useTranslation();
  const { webshopId = '', productId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const arrival = useNavigationType();
  const titleId = useId();
  const product = useAppSelector((state) => selectProductById(state, productId));
  const editId = searchParams.get('edit');
  const editing = useAppSelector((state) => (editId ? selectCartItem(state, editId) : undefined));
  const partial = useAppSelector(selectShopPartial);
  const home = `/${encodeURIComponent(webshopId)}`;
  // A product further down a big shop whose page came with its first products only: on its way (issue 37).
  if (!product && partial) return <Spinner label={t('common.loading')} />;
  if (!product) {
    return (
      <Page narrow>
        <h1>{t('product.notFound')}</h1>
        <Link to={home}>{t('product.backToShop')}</Link>
      </Page>
    );
  }
  return (
    <Page narrow>
      <Link to={home} css={inlineTargetStyle}>
        ← {t('product.backToShop')}
      </Link>
      <ProductDetails
        product={product}
        title={<ProductTitle title={product.title} id={titleId} level={1} />}
        imageSize={500}
        showCategory
      />
      <ProductForm
        productId={product.id}
        editing={editing?.productId === product.id ? editing : undefined}
        onDone={() =>
          !editing && arrival === 'PUSH'
            ? navigate(-1)
            : navigate(editing ? `${home}/cart` : home, { replace: true })
        }
      />
    </Page>
  );
}
