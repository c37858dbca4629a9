import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  Category,
  Company,
  Deviation,
  DeviationGroup,
  ErrorInfo,
  PaymentMethod,
  Product,
  ShopData,
  ShopInfo,
  Tag,
} from '../../domain/types';

export const productsAdapter = createEntityAdapter<Product>();
export const categoriesAdapter = createEntityAdapter<Category>();
export const deviationsAdapter = createEntityAdapter<Deviation>();
export const deviationGroupsAdapter = createEntityAdapter<DeviationGroup>();
export const tagsAdapter = createEntityAdapter<Tag>();
export const paymentMethodsAdapter = createEntityAdapter<PaymentMethod>();

export type ShopLoadStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'error';

export interface ShopState {
  shopId: string | null;
  status: ShopLoadStatus;
  error: ErrorInfo | null;
  info: ShopInfo | null;
  company: Company | null;
  products: ReturnType<typeof productsAdapter.getInitialState>;
  categories: ReturnType<typeof categoriesAdapter.getInitialState>;
  deviations: ReturnType<typeof deviationsAdapter.getInitialState>;
  deviationGroups: ReturnType<typeof deviationGroupsAdapter.getInitialState>;
  tags: ReturnType<typeof tagsAdapter.getInitialState>;
  paymentMethods: ReturnType<typeof paymentMethodsAdapter.getInitialState>;
}

const emptyEntities = {
  info: null,
  company: null,
  products: productsAdapter.getInitialState(),
  categories: categoriesAdapter.getInitialState(),
  deviations: deviationsAdapter.getInitialState(),
  deviationGroups: deviationGroupsAdapter.getInitialState(),
  tags: tagsAdapter.getInitialState(),
  paymentMethods: paymentMethodsAdapter.getInitialState(),
};

const initialState: ShopState = { shopId: null, status: 'idle', error: null, ...emptyEntities };

/** §4 Shop load: loading until loaded; a 404 gives notFound. */
const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    loadRequested(state, action: PayloadAction<{ shopId: string }>) {
      // Reloading the same shop keeps what is shown; another shop starts from nothing.
      if (state.shopId !== action.payload.shopId) Object.assign(state, emptyEntities);
      state.shopId = action.payload.shopId;
      state.status = 'loading';
      state.error = null;
    },
    loaded(state, action: PayloadAction<{ shopId: string; data: ShopData }>) {
      if (action.payload.shopId !== state.shopId) return; // an answer for a shop we left
      const { data } = action.payload;
      state.status = 'loaded';
      state.info = data.shop;
      state.company = data.company;
      productsAdapter.setAll(state.products, data.products);
      categoriesAdapter.setAll(state.categories, data.categories);
      deviationsAdapter.setAll(state.deviations, data.deviations);
      deviationGroupsAdapter.setAll(state.deviationGroups, data.deviationGroups);
      tagsAdapter.setAll(state.tags, data.tags);
      paymentMethodsAdapter.setAll(state.paymentMethods, data.paymentMethods);
    },
    notFound(state, action: PayloadAction<{ shopId: string }>) {
      if (action.payload.shopId !== state.shopId) return;
      Object.assign(state, emptyEntities);
      state.status = 'notFound';
    },
    loadFailed(state, action: PayloadAction<{ shopId: string; error: ErrorInfo }>) {
      if (action.payload.shopId !== state.shopId) return;
      state.status = 'error';
      state.error = action.payload.error;
    },
  },
});

export const shopActions = shopSlice.actions;
export const shopReducer = shopSlice.reducer;
