import { createEntityAdapter, createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
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

/** Structural equality of plain JSON data (what the shop answer is made of). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * The new answer's entities, with each one that did not change replaced by the object already in the store:
 * a reload then changes references only where the data changed, so only those product cards re-render.
 */
function keepUnchanged<T extends { id: string }>(
  before: Record<string, T | undefined> | undefined,
  next: T[],
): T[] {
  if (!before) return next;
  return next.map((entity) => {
    const previous = before[entity.id];
    return previous !== undefined && sameData(previous, entity) ? previous : entity;
  });
}

/** The previous value when it equals the new one (same reason as keepUnchanged). */
const keepIfSame = <T>(previous: T | null | undefined, next: T): T =>
  previous != null && sameData(previous, next) ? previous : next;

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
      const before = original(state);
      state.status = 'loaded';
      state.info = keepIfSame(before?.info, data.shop);
      state.company = keepIfSame(before?.company, data.company);
      productsAdapter.setAll(state.products, keepUnchanged(before?.products.entities, data.products));
      categoriesAdapter.setAll(state.categories, keepUnchanged(before?.categories.entities, data.categories));
      deviationsAdapter.setAll(state.deviations, keepUnchanged(before?.deviations.entities, data.deviations));
      deviationGroupsAdapter.setAll(
        state.deviationGroups,
        keepUnchanged(before?.deviationGroups.entities, data.deviationGroups),
      );
      tagsAdapter.setAll(state.tags, keepUnchanged(before?.tags.entities, data.tags));
      paymentMethodsAdapter.setAll(
        state.paymentMethods,
        keepUnchanged(before?.paymentMethods.entities, data.paymentMethods),
      );
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
