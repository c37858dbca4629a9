/**
 * JSON schemas of every body, param and query the demo API accepts. All objects are closed
 * (additionalProperties: false), strings bounded, counts integer 1..999, arrays capped, so bad input is
 * refused before any handler runs (Ajv is configured without coercion and without silent removal).
 */

/** Ids (products, extras, tab entries, cart item UUIDs, payment methods): a closed alphabet keeps markup out. */
const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' } as const;

/** Reusable pieces. */
const S = {
  id,
  text: (maxLength: number) => ({ type: 'string', maxLength }) as const,
};

function params(properties: Record<string, object>): object {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** :shopId — generous length so unknown ids get the 404 the SPA expects, not a 400. */
export const shopParams = params({ shopId: { type: 'string', minLength: 1, maxLength: 200 } });

export const receiptParams = params({
  shopId: { type: 'string', minLength: 1, maxLength: 200 },
  receiptId: { type: 'string', minLength: 1, maxLength: 200 },
});

export const cartQuery = {
  type: 'object',
  properties: { table: S.text(32), tabId: S.text(64) },
  additionalProperties: false,
} as const;

const cartItem = {
  type: 'object',
  required: ['id', 'productId', 'count', 'deviations'],
  properties: {
    id,
    productId: id,
    count: { type: 'integer', minimum: 1, maximum: 999 },
    deviations: { type: 'array', maxItems: 30, uniqueItems: true, items: id },
    description: { type: ['string', 'null'], maxLength: 500 },
  },
  additionalProperties: false,
} as const;

const tabSelection = {
  type: 'object',
  required: ['id', 'count'],
  properties: { id, count: { type: 'integer', minimum: 0, maximum: 999 } },
  additionalProperties: false,
} as const;

export const putCartBody = {
  type: 'object',
  required: ['cart'],
  properties: {
    cart: { type: 'array', maxItems: 200, items: cartItem },
    tabItems: { type: 'array', maxItems: 100, items: tabSelection, default: [] },
  },
  additionalProperties: false,
} as const;

export const startPaymentBody = {
  type: 'object',
  required: ['paymentMethodId', 'customerInfo'],
  properties: {
    paymentMethodId: id,
    customerInfo: {
      type: 'object',
      properties: {
        name: S.text(200),
        email: S.text(254),
        phone: S.text(40),
        extraInfo: S.text(500),
        postalCode: S.text(20),
        address: S.text(200),
        city: S.text(100),
        isMobile: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    orderReference: { type: ['string', 'null'], maxLength: 32 },
    // domain/cart `cartFingerprint` ("SEK:17500:1a2b3c4d"); compared as an opaque string, so only bounded.
    cartFingerprint: { type: 'string', minLength: 1, maxLength: 128 },
    kiosk: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

/** Bodiless calls: nothing, null or {} (clients differ in what they send with a POST without payload). */
export const emptyBody = { type: ['object', 'null'], additionalProperties: false } as const;

export const referenceBody = {
  type: 'object',
  required: ['reference'],
  properties: { reference: S.text(32) },
  additionalProperties: false,
} as const;

export const emailBody = {
  type: 'object',
  required: ['email'],
  properties: { email: S.text(254), language: { type: 'string', enum: ['se', 'en', 'fi'] } },
  additionalProperties: false,
} as const;

export const integrateBody = {
  type: 'object',
  required: ['authorizationCode'],
  properties: { authorizationCode: { type: 'string', minLength: 1, maxLength: 200 }, scopes: S.text(1000) },
  additionalProperties: false,
} as const;
