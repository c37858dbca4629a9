import { createSelector, type EntityState } from '@reduxjs/toolkit';
import type { ShopData } from '../../domain/types';
import { deviationGroupsAdapter, paymentMethodsAdapter } from './shopSlice';
import { selectProductById } from './shopSelectors';
import type { RootState } from '../../app/hooks';

/**
 * Selectors only lazily loaded code uses (a product's popup and page, the payment): in a module of their own,
 * so the store page's first load does not carry them (docs/performance.md).
 */

export const { selectEntities: selectDeviationGroupEntities } = deviationGroupsAdapter.getSelectors(
  (state: RootState) => state.shop.deviationGroups,
);
export const { selectAll: selectPaymentMethods, selectById: selectPaymentMethodById } =
  paymentMethodsAdapter.getSelectors((state: RootState) => state.shop.paymentMethods);

/** The category a product belongs to, for the product page. */
export const selectCategoryOfProduct = (state: RootState, productId: string) => {
  const product = selectProductById(state, productId);
  return product ? state.shop.categories.entities[product.categoryId] : undefined;
};

const all = <T>({ ids, entities }: EntityState<T, string>): T[] => ids.map((id) => entities[id] as T);

/**
 * The shop's answer as the API last gave it, whole, with its shop id: null while the shop is loading, carried
 * across a kiosk's reset, partial (the host's first products) or not there. What a kiosk keeps for its next
 * page (kiosk/carriedMenu.ts).
 */
export const selectLiveShop = createSelector(
  [(state: RootState) => state.shop],
  (shop): { shopId: string; data: ShopData } | null => {
    if (shop.status !== 'loaded' || shop.carried || shop.partial) return null;
    if (!shop.shopId || !shop.info || !shop.company) return null;
    return {
      shopId: shop.shopId,
      data: {
        shop: shop.info,
        company: shop.company,
        products: all(shop.products),
        categories: all(shop.categories),
        deviations: all(shop.deviations),
        deviationGroups: all(shop.deviationGroups),
        tags: all(shop.tags),
        paymentMethods: all(shop.paymentMethods),
      },
    };
  },
);
