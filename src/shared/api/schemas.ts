/**
 * Valibot schemas of the answers in SPEC §7, one per wire type of src/contract. Each accepts exactly its
 * contract type (nullable where it says `| null`, optional where it says `?`); unknown keys are dropped.
 * The type-level tests in __tests__/shared/api/schemas.test.ts keep them equal to the contract.
 */
import * as v from 'valibot';

import { isSafeUrl } from './urlSanitizer';

// ---------------------------------------------------------------- building blocks

const str = v.string();
const num = v.number();
const bool = v.boolean();
const ids = v.array(str);

/**
 * An object keyed by id. `v.record` alone accepts arrays (their indices are string keys), which would let
 * `articles: [...]` through.
 */
function byId<TItem extends v.GenericSchema>(item: TItem) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      'Expected an object keyed by id',
    ),
    v.record(str, item),
  );
}

export const currencySchema = v.picklist(['SEK', 'EUR']);
export const countrySchema = v.picklist(['SWEDEN', 'FINLAND']);
export const displayTypeSchema = v.picklist(['NO_IMAGE', 'SMALL_IMAGE', 'LARGE_IMAGE']);
export const paymentMethodTypeSchema = v.picklist(['VIVA_WALLET_WEB', 'SWISH_TRADE', 'STRIPE']);
export const paymentStatusSchema = v.picklist([
  'NOT_STARTED',
  'LOADING',
  'STARTED',
  'COMPLETED',
  'ERROR',
  'FAILED',
  'CANCELLED',
]);

/** §3 Money: integer minor units. */
export const wireMoneySchema = v.object({ amount: v.pipe(num, v.integer()), currency: currencySchema });

// ---------------------------------------------------------------- GET /api/v2/webshop/{shopId}

export const wireCompanySchema = v.object({
  companyId: v.optional(str),
  name: str,
  organizationnumber: str,
  street: str,
  postalCode: str,
  city: str,
  phone: str,
  email: str,
  country: countrySchema,
  currency: v.optional(currencySchema),
  logo: v.nullable(str),
});

export const wireOpenHoursSchema = v.object({ weekday: num, opens: str, closes: str });
export const wireInputConfigSchema = v.object({ active: bool, required: bool });
export const wireCustomerInputsSchema = v.object({
  nameInput: wireInputConfigSchema,
  emailInput: wireInputConfigSchema,
  phoneInput: wireInputConfigSchema,
  addressInput: wireInputConfigSchema,
  extraInfoInput: wireInputConfigSchema,
});

export const wireShopSchema = v.object({
  shopId: str,
  title: str,
  description: v.nullable(str),
  primaryColor: v.nullable(str),
  backgroundColor: v.nullable(str),
  displayType: displayTypeSchema,
  openHours: v.array(wireOpenHoursSchema),
  active: bool,
  isOpen: bool,
  requireReference: bool,
  refundPolicy: v.nullable(str),
  // The contract's doc says "absent or null" though its type is `| null`: accept absence, output null.
  customerInputs: v.nullish(wireCustomerInputsSchema, null),
});

export const wireArticleSchema = v.object({
  id: str,
  title: str,
  description: v.nullable(str),
  price: wireMoneySchema,
  image: v.nullable(str),
  category: str,
  tags: ids,
  count: num,
  limitStock: bool,
  availableDeviations: v.nullable(v.object({ deviationGroupes: ids })),
});

export const wireDeviationSchema = v.object({ id: str, name: str, price: v.nullish(wireMoneySchema) });
export const wireDeviationGroupSchema = v.object({
  id: str,
  name: str,
  deviationIds: ids,
  minCount: v.nullable(num),
  maxCount: v.nullable(num),
});
export const wireCategorySchema = v.object({ id: str, name: str, sortedProducts: ids });
export const wireTagSchema = v.object({ id: str, tag: str, color: str });
export const wirePaymentMethodSchema = v.object({
  id: str,
  type: paymentMethodTypeSchema,
  stripeAccountId: v.nullish(str),
});

export const shopResponseSchema = v.object({
  company: wireCompanySchema,
  shop: wireShopSchema,
  articles: byId(wireArticleSchema),
  deviations: byId(wireDeviationSchema),
  deviationGroups: byId(wireDeviationGroupSchema),
  categories: v.array(wireCategorySchema),
  paymentMethods: v.array(wirePaymentMethodSchema),
  tags: byId(wireTagSchema),
});

// ---------------------------------------------------------------- cart (session)

export const wireCartItemSchema = v.object({
  id: str,
  productId: str,
  count: num,
  deviations: ids,
  description: v.nullish(str),
});
export const wireTabSelectionSchema = v.object({ id: str, count: num });
export const wireTabEntrySchema = v.object({
  id: str,
  count: num,
  price: wireMoneySchema,
  product: v.object({ id: str, title: str, price: wireMoneySchema }),
  deviations: v.array(v.object({ id: str, name: str, price: v.nullable(wireMoneySchema) })),
  description: v.nullish(str),
});
export const wireActiveTabSchema = v.object({
  id: str,
  customerReference: str,
  cart: v.array(wireTabEntrySchema),
});

export const sessionResponseSchema = v.object({
  cart: v.array(wireCartItemSchema),
  tabItems: v.array(wireTabSelectionSchema),
  activeTab: v.nullable(wireActiveTabSchema),
  paymentStatus: v.nullable(paymentStatusSchema),
  paymentId: v.nullable(str),
  paymentIntentId: v.nullable(str),
  receiptId: v.nullable(str),
  paymentMethodId: v.nullable(str),
  message: v.nullable(str),
  orderReference: v.nullable(str),
});

// ---------------------------------------------------------------- payment and errors

export const startPaymentResponseSchema = v.object({
  paymentId: str,
  token: v.nullish(str),
  clientSecret: v.nullish(str),
  paymentIntentId: v.nullish(str),
});

/**
 * The §8 400 body. Read leniently on purpose (a missing errorCode or a null message still yields the
 * server's name), so this is a superset of the contract's ErrorResponse.
 */
export const errorResponseSchema = v.object({
  name: str,
  errorCode: v.nullish(v.union([str, num])),
  message: v.nullish(str),
});

export const stockLevelSchema = v.object({ id: str, stock: num });

// ---------------------------------------------------------------- receipt

export const wireDiscountSchema = v.object({ type: str, amount: num });
export const wireReceiptDeviationSchema = v.object({
  id: str,
  name: str,
  count: v.optional(num),
  price: num,
  tax: num,
});
export const wireReceiptProductSchema = v.object({
  id: str,
  title: str,
  count: num,
  price: num,
  sizeOfItem: num,
  description: v.nullable(str),
  tax: num,
  discount: v.nullable(wireDiscountSchema),
  deviations: v.array(wireReceiptDeviationSchema),
});
export const wirePaymentLineSchema = v.object({ id: str, type: str, amount: num });

export const receiptResponseSchema = v.object({
  id: str,
  receiptId: str,
  name: str,
  organizationnumber: str,
  street: str,
  postalcode: str,
  city: str,
  phone: str,
  currency: v.optional(currencySchema),
  products: v.array(wireReceiptProductSchema),
  paymentMethods: v.array(wirePaymentLineSchema),
  dateCreated: str,
  cashRegisterLabel: str,
  controlUnitSerial: str,
  controlUnitResponse: str,
});

// ---------------------------------------------------------------- v1 calls

export const integrationUrlResponseSchema = v.object({
  integrationUrl: v.pipe(str, v.check(isSafeUrl, 'Expected an http(s) URL or a same-origin path')),
});

export const receiptPdfResponseSchema = v.object({
  pdfData: v.object({ data: v.array(v.pipe(num, v.integer(), v.minValue(0), v.maxValue(255))) }),
});

export const paymentIntentStatusSchema = v.picklist([
  'PENDING',
  'REQUIRES_ACTION',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
]);

export const paymentIntentResponseSchema = v.object({
  paymentIntent: v.object({
    status: paymentIntentStatusSchema,
    paymentData: v.object({
      clientSecret: str,
      stripeAccountId: str,
      pendingPaymentMethod: v.object({ amount: num, currency: currencySchema }),
      error: v.nullable(v.object({ message: str })),
    }),
  }),
});
