/**
 * The shopState feature's public face: the shop as the API describes it (info, company, menu, payment
 * methods) and its load, for every feature above it. ESLint allows nothing else from outside this folder
 * (eslint.config.mjs).
 */
export {
  selectCategoryOfProduct,
  selectDeviationGroupEntities,
  selectLiveShop,
  selectPaymentMethodById,
  selectPaymentMethods,
} from './shopLazySelectors';
export {
  selectCategories,
  selectCompany,
  selectCurrency,
  selectDeviationEntities,
  selectProductById,
  selectProductEntities,
  selectShopDisplayState,
  selectShopInfo,
  selectShopPartial,
  selectShopStatus,
  selectTagEntities,
  selectTheme,
} from './shopSelectors';
export type { ShopDisplayState } from './shopSelectors';
export { shopActions } from './shopSlice';
