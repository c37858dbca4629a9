import { createSelector } from '@reduxjs/toolkit';
import { deriveTheme, type Theme } from '../../domain/theme';
import type { Currency } from '../../domain/types';
import { DEFAULT_LOGOS } from '../../shared/theme/defaultTheme';
import { selectOrderReference, selectSessionLoaded, selectSessionStatus } from '../session';
import { categoriesAdapter, deviationsAdapter, tagsAdapter } from './shopSlice';
import type { RootState } from '../../app/hooks';

/** How the shop's load went: 'idle', 'loading', 'loaded', 'notFound' or 'error'. */
export const selectShopStatus = (state: RootState) => state.shop.status;
export const selectShopInfo = (state: RootState) => state.shop.info;
export const selectCompany = (state: RootState) => state.shop.company;
/** The shop holds only the products the host's page draws first, until the whole shop is read (issue 37). */
export const selectShopPartial = (state: RootState) => state.shop.partial;

/**
 * A product by id. A plain lookup on purpose: every product card calls it on every store change, and the
 * adapter's memoized selectById would keep a cache entry per product id (2,000 on a big shop) for nothing.
 */
export const selectProductById = (state: RootState, productId: string) =>
  state.shop.products.entities[productId];
/** All products by id (the same object until a product changes). */
export const selectProductEntities = (state: RootState) => state.shop.products.entities;
export const { selectAll: selectCategories } = categoriesAdapter.getSelectors(
  (state: RootState) => state.shop.categories,
);
export const { selectEntities: selectDeviationEntities } = deviationsAdapter.getSelectors(
  (state: RootState) => state.shop.deviations,
);
export const { selectEntities: selectTagEntities } = tagsAdapter.getSelectors(
  (state: RootState) => state.shop.tags,
);

/** The shop's currency: the company's (SEK, or EUR for Finland, resolved at the API edge). */
export const selectCurrency = (state: RootState): Currency => state.shop.company?.currency ?? 'SEK';

/** §3 theme derived from the shop's colours and logo (invalid colours fall back to the defaults). */
export const selectTheme = createSelector([selectShopInfo, selectCompany], (info, company): Theme =>
  deriveTheme(
    { primaryColor: info?.primaryColor, backgroundColor: info?.backgroundColor, logo: company?.logo ?? null },
    DEFAULT_LOGOS,
  ),
);

export type ShopDisplayState = 'notFound' | 'error' | 'loading' | 'closed' | 'needsReference' | 'open';

/**
 * §2 the shop layout decides in this order: not found → loading → closed → needs a reference → the store.
 * A load that failed for another reason (network) shows the error state after not-found. Reloading the
 * shop already shown (a new ?table=) keeps showing it: the store is not torn down and rebuilt.
 */
export const selectShopDisplayState = (state: RootState): ShopDisplayState => {
  const { shop } = state;
  const sessionLoaded = selectSessionLoaded(state);
  if (shop.status === 'notFound') return 'notFound';
  if (shop.status === 'error' || (selectSessionStatus(state) === 'error' && !sessionLoaded)) return 'error';
  const shown = shop.status === 'loaded' || (shop.status === 'loading' && shop.info !== null);
  if (!shown || !shop.info) return 'loading';
  if (!shop.info.isOpen || !shop.info.active) return 'closed';
  // Only whether a reference is set waits for the visitor's session; the store itself is public.
  if (shop.info.requireReference && !sessionLoaded) return 'loading';
  if (shop.info.requireReference && !selectOrderReference(state)) return 'needsReference';
  return 'open';
};
