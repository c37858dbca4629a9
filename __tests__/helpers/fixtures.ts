import type { ActiveTab, CartItem, Product, Receipt, Session, ShopData } from '../../src/domain/types';

/** Swedish kronor in öre. */
export const sek = (amount: number) => ({ amount, currency: 'SEK' as const });

/** A product with sensible defaults: 45,00 kr, unlimited stock, no extras. */
export function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    title: `Product ${id}`,
    description: '',
    price: sek(4500),
    image: null,
    categoryId: 'c1',
    tagIds: [],
    count: 0,
    limitStock: false,
    deviationGroupIds: [],
    ...overrides,
  };
}

/** A small open café: coffee with milk extras, a limited bun, an out-of-stock cake. */
export function shopData(overrides: Partial<ShopData> = {}): ShopData {
  return {
    shop: {
      shopId: 'cafe',
      title: 'Café',
      description: '',
      primaryColor: '#1db954',
      backgroundColor: '#ffffff',
      displayType: 'LARGE_IMAGE',
      openHours: [],
      active: true,
      isOpen: true,
      requireReference: false,
      refundPolicy: '',
      customerInputs: null,
      ...overrides.shop,
    },
    company: {
      companyId: 'c-cafe',
      name: 'Café AB',
      organizationnumber: '556677-8899',
      street: 'Gatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
      phone: '08-123 45 67',
      email: 'info@cafe.example',
      country: 'SWEDEN',
      currency: 'SEK',
      logo: null,
      ...overrides.company,
    },
    products: overrides.products ?? [
      product('coffee', { title: 'Coffee', price: sek(3500), deviationGroupIds: ['milk'] }),
      product('bun', { title: 'Bun', price: sek(2500), limitStock: true, count: 3, categoryId: 'c2' }),
      product('cake', { title: 'Cake', price: sek(5500), limitStock: true, count: 0, categoryId: 'c2' }),
    ],
    categories: overrides.categories ?? [
      { id: 'c1', name: 'Drinks', productIds: ['coffee'] },
      { id: 'c2', name: 'Bakery', productIds: ['bun', 'cake'] },
    ],
    deviations: overrides.deviations ?? [
      { id: 'oat', name: 'Oat milk', price: sek(500) },
      { id: 'cow', name: 'Milk', price: null },
    ],
    deviationGroups: overrides.deviationGroups ?? [
      { id: 'milk', name: 'Milk', deviationIds: ['oat', 'cow'], minCount: 1, maxCount: 1 },
    ],
    tags: overrides.tags ?? [],
    paymentMethods: overrides.paymentMethods ?? [
      { id: 'pm-swish', type: 'SWISH_TRADE', stripeAccountId: null },
      { id: 'pm-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
    ],
  };
}

/** An empty session, as a first visit gets it. */
export function session(overrides: Partial<Session> = {}): Session {
  return {
    cart: [],
    tabItems: [],
    activeTab: null,
    paymentStatus: null,
    paymentId: null,
    paymentIntentId: null,
    receiptId: null,
    paymentMethodId: null,
    message: null,
    orderReference: null,
    ...overrides,
  };
}

/**
 * GET cart as a server answers it (§2, §5): the address's table becomes the order reference when `known`
 * lists it (any table when there is no list); the newest table wins, so an unknown one clears the reference.
 */
export function serverSession(known?: readonly string[]) {
  let orderReference: string | null = null;
  return jest.fn((_shopId: string, query?: { table?: string; tabId?: string }) => {
    const table = query?.table?.trim();
    if (table) orderReference = !known || known.includes(table) ? table : null;
    return Promise.resolve(session({ orderReference }));
  });
}

/** A cart item (§3). */
export const cartLine = (
  id: string,
  productId: string,
  count: number,
  deviations: string[] = [],
  description = '',
): CartItem => ({
  id,
  productId,
  count,
  deviations,
  description,
});

/** The restaurant's open tab 'Bord 12': 2 × Burger (with an extra and a note) and 1 × Beer. */
export const openTab = (): ActiveTab => ({
  id: 'tab-12',
  customerReference: 'Bord 12',
  entries: [
    {
      id: 'e1',
      count: 2,
      price: sek(12900),
      productId: 'x',
      title: 'Burger',
      deviations: [{ id: 'd', name: 'No onion', price: null }],
      description: 'well done',
      beingPaid: 0,
    },
    {
      id: 'e2',
      count: 1,
      price: sek(3500),
      productId: 'y',
      title: 'Beer',
      deviations: [],
      description: '',
      beingPaid: 0,
    },
  ],
});

/** A paid café receipt: two lines at 12 % and 25 % VAT, one with an extra and a note, paid by Swish. */
export const receipt: Receipt = {
  id: 'r1',
  receiptId: 'R-0001',
  name: 'Café AB',
  organizationnumber: '556677-8899',
  street: 'Gatan 1',
  postalcode: '111 22',
  city: 'Stockholm',
  phone: '08-123 45 67',
  currency: 'SEK',
  products: [
    {
      id: 'l1',
      title: 'Cappuccino',
      count: 2,
      price: 4500,
      sizeOfItem: 1,
      description: 'extra hot',
      tax: 12,
      discount: null,
      deviations: [{ id: 'd1', name: 'Oat milk', count: 1, price: 500, tax: 12 }],
    },
    {
      id: 'l2',
      title: 'Cider',
      count: 1,
      price: 3500,
      sizeOfItem: 1,
      description: '',
      tax: 25,
      discount: null,
      deviations: [],
    },
  ],
  paymentMethods: [{ id: 'pay1', type: 'SWISH_TRADE', amount: 13500 }],
  dateCreated: '2026-11-21T10:15:00.000Z',
  cashRegisterLabel: 'Kassa 1',
  controlUnitSerial: 'CU-123',
  controlUnitResponse: 'ABCDEF123',
};
