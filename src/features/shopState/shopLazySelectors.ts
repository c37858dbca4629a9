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
