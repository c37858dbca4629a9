import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, useParams } from 'react-router-dom';
import { Page } from '../../shared/ui/Page';
import { useProgressiveCount } from '../../shared/ui/useProgressiveCount';
import { selectIsKiosk } from '../kiosk/kioskSelectors';
import type { SessionState } from '../session/sessionSlice';
import { CategoryBar, categoryAnchor } from './CategoryBar';
import { ProductCard } from './ProductCard';
import { ProductPopup } from './ProductPopup';
import { selectCategories, selectShopInfo } from './shopSelectors';

const selectHasActiveTab = (state: { session: SessionState }) => state.session.activeTab !== null;

/** Cards above the fold load their images at once; the rest lazily. */
const EAGER_IMAGES = 4;
/** Products drawn in the first render, then per batch (see useProgressiveCount). */
const FIRST_BATCH = 60;
const BATCH = 200;

/**
 * §2 store page: sticky category bar, optional description, a section per category with its products in
 * `sortedProducts` order. A shop with no categories but an open tab goes straight to the cart.
 */
export function StorePage() {
  const { t } = useTranslation();
  const { webshopId = '' } = useParams();
  const info = useSelector(selectShopInfo);
  const categories = useSelector(selectCategories);
  const hasTab = useSelector(selectHasActiveTab);
  const kiosk = useSelector(selectIsKiosk);
  const [openProduct, setOpenProduct] = useState<string | null>(null);
  const close = useCallback(() => setOpenProduct(null), []);
  // Where each category starts in the whole list of products (for batching and eager images).
  const starts = useMemo(() => {
    const result: number[] = [];
    categories.reduce((n, c) => (result.push(n), n + c.productIds.length), 0);
    return result;
  }, [categories]);
  const total = categories.reduce((n, c) => n + c.productIds.length, 0);
  const [revealed, revealAll] = useProgressiveCount(total, FIRST_BATCH, BATCH);
  if (!info) return null;
  if (categories.length === 0 && hasTab)
    return <Navigate to={`/${encodeURIComponent(webshopId)}/cart`} replace />;

  // A kiosk's cards are larger: read standing, tapped at arm's length.
  const minCard = info.displayType === 'LARGE_IMAGE' ? (kiosk ? 200 : 160) : kiosk ? 280 : 300;
  const columns = {
    gridTemplateColumns: `repeat(auto-fill, minmax(${minCard}px, 1fr))`,
    gap: kiosk ? 16 : 12,
  };
  return (
    <>
      {categories.length > 0 && <CategoryBar categories={categories} shopId={webshopId} onJump={revealAll} />}
      <Page>
        <h1 css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {info.title}
        </h1>
        {info.description && <p css={{ whiteSpace: 'pre-line', marginTop: 0 }}>{info.description}</p>}
        {categories.length === 0 && <p>{t('store.noProducts')}</p>}
        {categories.map((category, index) => {
          const start = starts[index] ?? 0;
          return (
            <section
              key={category.id}
              id={categoryAnchor(index)}
              aria-labelledby={`${categoryAnchor(index)}-title`}
              css={{ scrollMarginTop: 64, contentVisibility: 'auto', containIntrinsicSize: 'auto 600px' }}
            >
              <h2 id={`${categoryAnchor(index)}-title`}>{category.name}</h2>
              <div css={{ display: 'grid', ...columns }}>
                {start < revealed &&
                  category.productIds.map((productId, position) => (
                    <ProductCard
                      key={productId}
                      shopId={webshopId}
                      productId={productId}
                      displayType={info.displayType}
                      eager={start + position < EAGER_IMAGES}
                      onOpen={setOpenProduct}
                    />
                  ))}
              </div>
            </section>
          );
        })}
      </Page>
      {openProduct && <ProductPopup productId={openProduct} onClose={close} />}
    </>
  );
}
