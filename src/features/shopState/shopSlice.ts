import {
  createEntityAdapter,
  createSlice,
  original,
  type Draft,
  type EntityState,
  type PayloadAction,
} from '@reduxjs/toolkit';
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

const productsAdapter = createEntityAdapter<Product>();
export const categoriesAdapter = createEntityAdapter<Category>();
export const deviationsAdapter = createEntityAdapter<Deviation>();
export const deviationGroupsAdapter = createEntityAdapter<DeviationGroup>();
export const tagsAdapter = createEntityAdapter<Tag>();
export const paymentMethodsAdapter = createEntityAdapter<PaymentMethod>();

type ShopLoadStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'error';

interface ShopState {
  shopId: string | null;
  status: ShopLoadStatus;
  info: ShopInfo | null;
  company: Company | null;
  products: ReturnType<typeof productsAdapter.getInitialState>;
  categories: ReturnType<typeof categoriesAdapter.getInitialState>;
  deviations: ReturnType<typeof deviationsAdapter.getInitialState>;
  deviationGroups: ReturnType<typeof deviationGroupsAdapter.getInitialState>;
  tags: ReturnType<typeof tagsAdapter.getInitialState>;
  paymentMethods: ReturnType<typeof paymentMethodsAdapter.getInitialState>;
  /**
   * The shop the page arrived with, rendered by the host (src/ssr): the page is the answer to its loads
   * (the layout's, a new ?table=), so nothing is fetched and the hydrated page stays as it is.
   */
  fromPage: string | null;
  /**
   * The page's shop holds only the products the host's page draws first (a big shop, issue 37) until the
   * whole shop is read (shopSagas): what needs every product (the cart's total, the search, cards further
   * down) waits for it.
   */
  partial: boolean;
  /**
   * The shop shown is the menu a kiosk's last page carried across its reset (kiosk/carriedMenu.ts): drawn at
   * once, replaced by the live answer when it comes, and dropped when that fails. The server judges every add
   * and the amount at payment start, so nothing is ever charged from it.
   */
  carried: boolean;
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

const initialState: ShopState = {
  shopId: null,
  status: 'idle',
  fromPage: null,
  partial: false,
  carried: false,
  ...emptyEntities,
};

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

/**
 * Freezes plain JSON data all the way down (what Immer would do to it on the way into the state), outside
 * production builds: there a mutation of state throws in tests and development, as Immer's own freezing
 * makes it. A production build skips it (a tenth of the big shop's render, issue 37): Immer skips the
 * entity state as soon as its containers are frozen, which entityState does in every build.
 */
function deepFreeze<T>(value: T): T {
  if (
    process.env.NODE_ENV !== 'production' &&
    typeof value === 'object' &&
    value !== null &&
    !Object.isFrozen(value)
  ) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * The entity state `adapter.setAll` would make of `next` (ids in first-seen order, the last of a repeated id
 * wins), with unchanged entities kept as in keepUnchanged, and `before` itself when nothing changed. Built
 * outside Immer and frozen up front: Immer then skips the frozen tree instead of walking and freezing
 * 2,000 products through its proxies, which made loading a big shop several times slower.
 */
function entityState<T extends { id: string }>(
  before: EntityState<T, string> | undefined,
  next: T[],
): EntityState<T, string> {
  const ids: string[] = [];
  const entities: Record<string, T> = {};
  for (const entity of keepUnchanged(before?.entities, next)) {
    if (!(entity.id in entities)) ids.push(entity.id);
    entities[entity.id] = deepFreeze(entity);
  }
  if (
    before &&
    before.ids.length === ids.length &&
    ids.every((id, i) => before.ids[i] === id && before.entities[id] === entities[id])
  )
    return before;
  return Object.freeze({ ids: Object.freeze(ids) as string[], entities: Object.freeze(entities) });
}

/** A shop's answer in the state, keeping every entity that did not change (cards do not re-render). */
function applyShop(state: Draft<ShopState>, data: ShopData): void {
  const before = original(state);
  state.status = 'loaded';
  state.partial = false;
  state.carried = false;
  state.info = keepIfSame(before?.info, data.shop);
  state.company = keepIfSame(before?.company, data.company);
  state.products = entityState(before?.products, data.products);
  state.categories = entityState(before?.categories, data.categories);
  state.deviations = entityState(before?.deviations, data.deviations);
  state.deviationGroups = entityState(before?.deviationGroups, data.deviationGroups);
  state.tags = entityState(before?.tags, data.tags);
  state.paymentMethods = entityState(before?.paymentMethods, data.paymentMethods);
}

/** §4 Shop load: loading until loaded; a 404 gives notFound. */
const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    /**
     * The page came with this shop (or the API's word that it does not exist), as the host rendered it: the
     * same state a load would leave, before the app's first render, so hydration finds the same markup.
     */
    renderedByHost(
      state,
      action: PayloadAction<{ shopId: string; data: ShopData | null; partial?: boolean }>,
    ) {
      const { shopId, data, partial = false } = action.payload;
      Object.assign(state, initialState, { shopId, fromPage: shopId });
      if (!data) state.status = 'notFound';
      else {
        applyShop(state, data);
        state.partial = partial;
      }
    },
    /**
     * A kiosk's fresh page draws the menu its last page carried while the live answer is on its way (the
     * shop stays 'loading': a failure still shows as one). Only before that answer: it never replaces one.
     */
    carriedAcrossReset(state, action: PayloadAction<{ shopId: string; data: ShopData }>) {
      const { shopId, data } = action.payload;
      if (state.info || state.status === 'error' || state.status === 'notFound') return;
      applyShop(state, data);
      Object.assign(state, { shopId, status: 'loading', carried: true });
    },
    loadRequested(state, action: PayloadAction<{ shopId: string }>) {
      if (state.fromPage === action.payload.shopId) return; // answered by the page (shopSagas)
      // Reloading the same shop keeps what is shown; another shop starts from nothing.
      if (state.shopId !== action.payload.shopId)
        Object.assign(state, emptyEntities, { fromPage: null, partial: false });
      state.shopId = action.payload.shopId;
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<{ shopId: string; data: ShopData }>) {
      if (action.payload.shopId !== state.shopId) return; // an answer for a shop we left
      applyShop(state, action.payload.data);
    },
    notFound(state, action: PayloadAction<{ shopId: string }>) {
      if (action.payload.shopId !== state.shopId) return;
      Object.assign(state, emptyEntities, { partial: false });
      state.status = 'notFound';
    },
    /** The load failed (the error is the event's, for whoever handles it; the page shows only that it failed). */
    loadFailed(state, action: PayloadAction<{ shopId: string; error: ErrorInfo }>) {
      if (action.payload.shopId !== state.shopId) return;
      // A carried menu the live answer could not confirm is not shown again (the kiosk pauses instead).
      if (state.carried) Object.assign(state, emptyEntities, { carried: false });
      state.status = 'error';
    },
  },
});

export const shopActions = shopSlice.actions;
export const shopReducer = shopSlice.reducer;
