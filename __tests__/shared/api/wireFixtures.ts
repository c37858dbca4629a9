/** Contract-typed answers for the API edge tests; each call returns a fresh copy to mutate. */
import type {
  PaymentIntentResponse,
  ReceiptResponse,
  SessionResponse,
  ShopResponse,
  StartPaymentResponse,
} from '../../../src/contract';

/** A shop with two articles, one category, deviations, a tag and two payment methods. */
export function shopResponse(): ShopResponse {
  return {
    company: {
      name: 'Café <Ängen> & Co',
      organizationnumber: '556677-8899',
      street: 'Storgatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
      phone: '+46 8 123 45',
      email: 'info@angen.example',
      country: 'SWEDEN',
      logo: 'https://cdn.example/logo.png',
    },
    shop: {
      shopId: 'shop-1',
      title: 'Ängen',
      description: null,
      primaryColor: '#1db954',
      backgroundColor: null,
      displayType: 'SMALL_IMAGE',
      openHours: [{ weekday: 1, opens: '08:00', closes: '17:00' }],
      active: true,
      isOpen: true,
      requireReference: false,
      refundPolicy: null,
      customerInputs: null,
    },
    articles: {
      'p-1': {
        id: 'p-1',
        title: '<b>Fish &amp; chips</b>',
        description: null,
        price: { amount: 12900, currency: 'SEK' },
        image: '/images/fish.png',
        category: 'c-1',
        tags: ['t-1'],
        count: 3,
        limitStock: true,
        availableDeviations: { deviationGroupes: ['g-1'] },
      },
      'p-2': {
        id: 'p-2',
        title: 'Coffee',
        description: 'Hot',
        price: { amount: 3500, currency: 'SEK' },
        image: null,
        category: 'c-1',
        tags: [],
        count: 0,
        limitStock: false,
        availableDeviations: null,
      },
    },
    deviations: {
      'd-1': { id: 'd-1', name: 'Extra sauce', price: { amount: 500, currency: 'SEK' } },
      'd-2': { id: 'd-2', name: 'No onion' },
      'd-3': { id: 'd-3', name: 'Lemon', price: null },
    },
    deviationGroups: {
      'g-1': { id: 'g-1', name: 'Extras', deviationIds: ['d-1', 'd-2', 'd-3'], minCount: null, maxCount: 2 },
    },
    categories: [{ id: 'c-1', name: 'Food', sortedProducts: ['p-2', 'p-1'] }],
    paymentMethods: [
      { id: 'pm-1', type: 'SWISH_TRADE' },
      { id: 'pm-2', type: 'STRIPE', stripeAccountId: 'acct_1' },
    ],
    tags: { 't-1': { id: 't-1', tag: 'Vegan', color: '#0a0' } },
  };
}

/** A session with one cart item and an open tab. */
export function sessionResponse(): SessionResponse {
  return {
    cart: [
      { id: 'ci-1', productId: 'p-1', count: 2, deviations: ['d-1'], description: null },
      { id: 'ci-2', productId: 'p-2', count: 1, deviations: [] },
    ],
    tabItems: [{ id: 'te-1', count: 1 }],
    activeTab: {
      id: 'tab-1',
      customerReference: 'Table 4',
      cart: [
        {
          id: 'te-1',
          count: 2,
          price: { amount: 4000, currency: 'SEK' },
          product: { id: 'p-2', title: 'Coffee', price: { amount: 3500, currency: 'SEK' } },
          deviations: [{ id: 'd-1', name: 'Extra sauce', price: { amount: 500, currency: 'SEK' } }],
          description: null,
        },
      ],
    },
    paymentStatus: 'STARTED',
    paymentId: 'pay-1',
    paymentIntentId: null,
    receiptId: null,
    paymentMethodId: 'pm-1',
    message: null,
    orderReference: '4',
  };
}

/** A receipt without currency, one deviation without count and a null description. */
export function receiptResponse(): ReceiptResponse {
  return {
    id: 'r-1',
    receiptId: '1001',
    name: 'Ängen AB',
    organizationnumber: '556677-8899',
    street: 'Storgatan 1',
    postalcode: '111 22',
    city: 'Stockholm',
    phone: '+46 8 123 45',
    products: [
      {
        id: 'rp-1',
        title: 'Fish & chips',
        count: 2,
        price: 12900,
        sizeOfItem: 1,
        description: null,
        tax: 12,
        discount: { type: 'PERCENTAGE', amount: 10 },
        deviations: [
          { id: 'd-1', name: 'Extra sauce', price: 500, tax: 12 },
          { id: 'd-3', name: 'Lemon', count: 2, price: 0, tax: 12 },
        ],
      },
    ],
    paymentMethods: [{ id: 'pl-1', type: 'SWISH', amount: 24120 }],
    dateCreated: '2024-05-01T12:00:00.000Z',
    cashRegisterLabel: 'Kassa 1',
    controlUnitSerial: 'CU-1',
    controlUnitResponse: 'CTRL-1',
  };
}

/** A started payment. */
export function startPaymentResponse(): StartPaymentResponse {
  return { paymentId: 'pay-1', token: 'tok-1', clientSecret: null };
}

/** A pending card payment intent. */
export function paymentIntentResponse(): PaymentIntentResponse {
  return {
    paymentIntent: {
      status: 'PENDING',
      paymentData: {
        clientSecret: 'pi_1_secret',
        stripeAccountId: 'acct_1',
        pendingPaymentMethod: { amount: 10000, currency: 'SEK' },
        error: null,
      },
    },
  };
}
