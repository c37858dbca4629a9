/**
 * Valibot schemas of the answers in SPEC §7: the one place a wire field is written. The contract's types
 * (index.ts) are inferred from them, the SPA parses answers with them (src/shared/api/schemas.ts, which adds
 * the SPA's own reading rules), and the demo API writes answers of their inferred types.
 *
 * The rule, the same for every wire shape:
 * - A wire field is written here, once. Its type is `v.InferOutput<typeof schema>` (index.ts); no answer
 *   type is written by hand. Request bodies, which nothing here parses, are types in index.ts built from
 *   these.
 * - A shape the store keeps exactly as it comes (Money, OpenHours, DeviationGroup, Tag, …) is declared in
 *   src/domain/types.ts, since domain imports nothing; its schema here names the same fields, and the
 *   contract's name for it is an alias of the domain type (`WireMoney = Money`), never a second declaration.
 *   __tests__/contract/wireTypes.test.ts holds each such schema's output equal to its domain type, so
 *   `npm run typecheck` fails when they drift apart.
 * - A shape the store keeps differently (a renamed field, a default for an absent one, a sanitized URL)
 *   has its own domain type and a mapper in src/shared/api/wireMappers.ts that writes only what differs.
 * - Value lists (currencies, countries, statuses …) are the domain's constants, picked with `v.picklist`.
 *
 * Field names follow the provider's wire format as the spec lists it (including its spellings such as
 * `organizationnumber` and `deviationGroupes`). Each schema accepts exactly its type (nullable where the
 * type says `| null`, optional where it says `?`); unknown keys are dropped.
 */
import * as v from 'valibot';

import {
  COUNTRIES,
  CURRENCIES,
  DISPLAY_TYPES,
  PAYMENT_METHOD_TYPES,
  PAYMENT_STATUSES,
} from '../domain/types';

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

export const currencySchema = v.picklist(CURRENCIES);
export const countrySchema = v.picklist(COUNTRIES);
export const displayTypeSchema = v.picklist(DISPLAY_TYPES);
export const paymentMethodTypeSchema = v.picklist(PAYMENT_METHOD_TYPES);
export const paymentStatusSchema = v.picklist(PAYMENT_STATUSES);

/** §3 Money: integer minor units (öre, cent) plus currency. Domain: Money. */
export const wireMoneySchema = v.object({ amount: v.pipe(num, v.integer()), currency: currencySchema });

// ---------------------------------------------------------------- GET /api/v2/webshop/{shopId}

export const wireCompanySchema = v.object({
  /**
   * Optional, beyond §3: the company's id, the one the card payment intent call (§7) and the receipt
   * download page take. Without it a card start must answer its client secret itself.
   */
  companyId: v.optional(str),
  name: str,
  organizationnumber: str,
  street: str,
  postalCode: str,
  city: str,
  phone: str,
  email: str,
  country: countrySchema,
  /** Absent: SEK, or EUR for Finland (§9). */
  currency: v.optional(currencySchema),
  /** Absolute http(s) URL or a same-origin path; null for the default logo. */
  logo: v.nullable(str),
});

/**
 * One opening interval. weekday: 1 = Monday … 7 = Sunday (ISO 8601); times 'HH:MM' in the shop's zone.
 * Domain: OpenHours.
 */
export const wireOpenHoursSchema = v.object({ weekday: num, opens: str, closes: str });
/** Domain: InputRule. */
export const wireInputConfigSchema = v.object({ active: bool, required: bool });
/** §3 Customer inputs config. Domain: CustomerInputsConfig. */
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
  /** Absent or null: email and phone active, the others hidden (§3). Absence is read as null. */
  customerInputs: v.nullish(wireCustomerInputsSchema, null),
});

export const wireArticleSchema = v.object({
  id: str,
  title: str,
  description: v.nullable(str),
  price: wireMoneySchema,
  image: v.nullable(str),
  /** Category id. */
  category: str,
  /** Tag ids. */
  tags: ids,
  /** Stock count; meaningful only when limitStock is true. */
  count: num,
  /** false means unlimited stock (§3). */
  limitStock: bool,
  availableDeviations: v.nullable(v.object({ deviationGroupes: ids })),
});

export const wireDeviationSchema = v.object({ id: str, name: str, price: v.nullish(wireMoneySchema) });
/** Domain: DeviationGroup. */
export const wireDeviationGroupSchema = v.object({
  id: str,
  name: str,
  deviationIds: ids,
  minCount: v.nullable(num),
  maxCount: v.nullable(num),
});
/** sortedProducts: product ids in display order. */
export const wireCategorySchema = v.object({ id: str, name: str, sortedProducts: ids });
/** Domain: Tag (its colour is sanitized on the way in). */
export const wireTagSchema = v.object({ id: str, tag: str, color: str });
export const wirePaymentMethodSchema = v.object({
  id: str,
  type: paymentMethodTypeSchema,
  stripeAccountId: v.nullish(str),
});

export const shopResponseSchema = v.object({
  company: wireCompanySchema,
  shop: wireShopSchema,
  /** Products keyed by id. */
  articles: byId(wireArticleSchema),
  /** Deviations (extras) keyed by id. */
  deviations: byId(wireDeviationSchema),
  /** Deviation groups keyed by id. */
  deviationGroups: byId(wireDeviationGroupSchema),
  /** Categories in display order. */
  categories: v.array(wireCategorySchema),
  paymentMethods: v.array(wirePaymentMethodSchema),
  /** Tags keyed by id. */
  tags: byId(wireTagSchema),
});

// ---------------------------------------------------------------- cart (session)

export const wireCartItemSchema = v.object({
  /** Random local id, made by the client. */
  id: str,
  productId: str,
  count: num,
  /** Selected deviation ids. */
  deviations: ids,
  /** Customer note. */
  description: v.nullish(str),
});
/** A tab selection the customer has put into the cart: tab entry id and how many of it. Domain: TabSelection. */
export const wireTabSelectionSchema = v.object({ id: str, count: num });
/** One entry of an open tab (§3 "Active tab: cart entries"). Its deviations are the domain's Deviation. */
export const wireTabEntrySchema = v.object({
  id: str,
  count: num,
  price: wireMoneySchema,
  product: v.object({ id: str, title: str, price: wireMoneySchema }),
  deviations: v.array(v.object({ id: str, name: str, price: v.nullable(wireMoneySchema) })),
  description: v.nullish(str),
  /**
   * _House rule_ (docs/product-rules.md §3), optional: how many of `count` another guest's pending payment
   * holds right now. A backend without holds leaves it out (none held).
   */
  beingPaid: v.optional(num),
});
export const wireActiveTabSchema = v.object({
  id: str,
  customerReference: str,
  cart: v.array(wireTabEntrySchema),
});

/** GET .../cart answer (§7). */
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

/**
 * POST .../cart/startPayment answer. `paymentId` on success (a Viva order code for VIVA_WALLET_WEB);
 * `token` for a Swish start from a phone (the app link); `clientSecret` for STRIPE.
 */
export const startPaymentResponseSchema = v.object({
  paymentId: str,
  token: v.nullish(str),
  clientSecret: v.nullish(str),
  paymentIntentId: v.nullish(str),
});

/**
 * Error body the backend answers with status 400 (§8), as a backend must write it. The SPA reads it more
 * leniently (src/shared/api/schemas.ts).
 */
export const errorResponseSchema = v.object({
  name: str,
  errorCode: v.union([str, num]),
  message: v.optional(str),
});

/** OUT_OF_STOCK: the error message is a JSON list of these (§8). */
export const stockLevelSchema = v.object({ id: str, stock: num });

// ---------------------------------------------------------------- receipt

/**
 * 'PERCENTAGE' takes amount/100 percent off; any other type subtracts a fixed amount (minor units).
 * Domain: Discount.
 */
export const wireDiscountSchema = v.object({ type: str, amount: num });
export const wireReceiptDeviationSchema = v.object({
  id: str,
  name: str,
  /** Defaults to 1 (§3). */
  count: v.optional(num),
  /** Minor units. */
  price: num,
  tax: num,
});
export const wireReceiptProductSchema = v.object({
  id: str,
  title: str,
  count: num,
  /** Minor units, per item, before extras. */
  price: num,
  sizeOfItem: num,
  description: v.nullable(str),
  /** VAT percent, e.g. 12 or 25.5. */
  tax: num,
  discount: v.nullable(wireDiscountSchema),
  deviations: v.array(wireReceiptDeviationSchema),
});
/** amount in minor units. Domain: PaymentLine. */
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
  /** ISO 8601. */
  dateCreated: str,
  cashRegisterLabel: str,
  controlUnitSerial: str,
  controlUnitResponse: str,
});

// ---------------------------------------------------------------- v1 calls

/** The SPA also requires a safe URL here (src/shared/api/schemas.ts). */
export const integrationUrlResponseSchema = v.object({ integrationUrl: str });

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
