/**
 * Wire and store must not drift apart. The assertions below are types: `npm run typecheck`
 * (`tsc --noEmit -p .`, which compiles __tests__ too) fails when one of them stops holding. Jest only
 * transpiles (@swc/jest strips the types), so it runs the few value checks at the end and nothing else.
 *
 * The rule (top of src/contract/schemas.ts): a wire field is written once, in its schema. A shape the store
 * keeps as it comes is the domain's type, aliased by the contract, and its schema's output must equal it;
 * a shape the store keeps differently must differ only in the fields its mapper (src/shared/api/
 * wireMappers.ts) writes, and every other field must have the same type on both sides.
 */
import type * as v from 'valibot';

import type {
  ErrorResponse,
  IntegrationUrlResponse,
  PaymentIntentResponse,
  ReceiptPdfResponse,
  ReceiptResponse,
  SessionResponse,
  ShopResponse,
  StartPaymentResponse,
  StockLevel,
  WireActiveTab,
  WireArticle,
  WireCartItem,
  WireCategory,
  WireCompany,
  WireCustomerInputs,
  WireDeviation,
  WireDeviationGroup,
  WireDiscount,
  WireInputConfig,
  WireMoney,
  WireOpenHours,
  WirePaymentLine,
  WirePaymentMethod,
  WireReceiptDeviation,
  WireReceiptProduct,
  WireShop,
  WireTabEntry,
  WireTabSelection,
  WireTag,
} from '../../src/contract';
import {
  countrySchema,
  currencySchema,
  displayTypeSchema,
  paymentMethodTypeSchema,
  paymentStatusSchema,
} from '../../src/contract/schemas';
import type * as schemas from '../../src/contract/schemas';
import {
  COUNTRIES,
  CURRENCIES,
  DISPLAY_TYPES,
  PAYMENT_METHOD_TYPES,
  PAYMENT_STATUSES,
} from '../../src/domain/types';
import type {
  ActiveTab,
  CartItem,
  Category,
  Company,
  Country,
  Currency,
  CustomerInputsConfig,
  Deviation,
  DeviationGroup,
  Discount,
  DisplayType,
  InputRule,
  Money,
  OpenHours,
  PaymentLine,
  PaymentMethod,
  PaymentMethodType,
  PaymentStatus,
  Product,
  Receipt,
  ReceiptDeviation,
  ReceiptProduct,
  Session,
  ShopInfo,
  TabEntry,
  TabSelection,
  Tag,
} from '../../src/domain/types';

/** True only when A and B are the same type (optional, readonly and `| null` included). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;
/** The wire shape W and the store shape D agree on every field but the ones their mapper writes. */
type SameBut<W, WireOnly extends keyof W, D, StoreOnly extends keyof D> = Equal<
  Omit<W, WireOnly>,
  Omit<D, StoreOnly>
>;

// ---- Each answer type the demo API writes is its schema's output (true by construction, and kept so).
type _Answers = [
  Expect<Equal<ShopResponse, Out<typeof schemas.shopResponseSchema>>>,
  Expect<Equal<SessionResponse, Out<typeof schemas.sessionResponseSchema>>>,
  Expect<Equal<StartPaymentResponse, Out<typeof schemas.startPaymentResponseSchema>>>,
  Expect<Equal<ReceiptResponse, Out<typeof schemas.receiptResponseSchema>>>,
  Expect<Equal<ErrorResponse, Out<typeof schemas.errorResponseSchema>>>,
  Expect<Equal<StockLevel, Out<typeof schemas.stockLevelSchema>>>,
  Expect<Equal<IntegrationUrlResponse, Out<typeof schemas.integrationUrlResponseSchema>>>,
  Expect<Equal<ReceiptPdfResponse, Out<typeof schemas.receiptPdfResponseSchema>>>,
  Expect<Equal<PaymentIntentResponse, Out<typeof schemas.paymentIntentResponseSchema>>>,
];

// ---- Shapes the store keeps as they come: the schema's output is the domain type itself.
type _KeptAsTheyCome = [
  Expect<Equal<Out<typeof schemas.wireMoneySchema>, Money>>,
  Expect<Equal<Out<typeof schemas.wireOpenHoursSchema>, OpenHours>>,
  Expect<Equal<Out<typeof schemas.wireInputConfigSchema>, InputRule>>,
  Expect<Equal<Out<typeof schemas.wireCustomerInputsSchema>, CustomerInputsConfig>>,
  Expect<Equal<Out<typeof schemas.wireDeviationGroupSchema>, DeviationGroup>>,
  Expect<Equal<Out<typeof schemas.wireTagSchema>, Tag>>,
  Expect<Equal<Out<typeof schemas.wireTabSelectionSchema>, TabSelection>>,
  Expect<Equal<Out<typeof schemas.wireDiscountSchema>, Discount>>,
  Expect<Equal<Out<typeof schemas.wirePaymentLineSchema>, PaymentLine>>,
  Expect<Equal<WireTabEntry['deviations'][number], Deviation>>,
  Expect<Equal<Out<typeof currencySchema>, Currency>>,
  Expect<Equal<Out<typeof countrySchema>, Country>>,
  Expect<Equal<Out<typeof displayTypeSchema>, DisplayType>>,
  Expect<Equal<Out<typeof paymentMethodTypeSchema>, PaymentMethodType>>,
  Expect<Equal<Out<typeof paymentStatusSchema>, PaymentStatus>>,
  // The contract's names for them are aliases, not second declarations.
  Expect<Equal<WireMoney, Money>>,
  Expect<Equal<WireOpenHours, OpenHours>>,
  Expect<Equal<WireInputConfig, InputRule>>,
  Expect<Equal<WireCustomerInputs, CustomerInputsConfig>>,
  Expect<Equal<WireDeviationGroup, DeviationGroup>>,
  Expect<Equal<WireTag, Tag>>,
  Expect<Equal<WireTabSelection, TabSelection>>,
  Expect<Equal<WireDiscount, Discount>>,
  Expect<Equal<WirePaymentLine, PaymentLine>>,
];

// ---- Shapes the store keeps differently: only the fields the mappers write may differ.
type _Mapped = [
  // description and refundPolicy: null → ''.
  Expect<SameBut<WireShop, 'description' | 'refundPolicy', ShopInfo, 'description' | 'refundPolicy'>>,
  // companyId: absent → null; currency: absent → the country's.
  Expect<SameBut<WireCompany, 'companyId' | 'currency', Company, 'companyId' | 'currency'>>,
  // category, tags, availableDeviations renamed (and flattened); description: null → ''.
  Expect<
    SameBut<
      WireArticle,
      'category' | 'tags' | 'availableDeviations' | 'description',
      Product,
      'categoryId' | 'tagIds' | 'deviationGroupIds' | 'description'
    >
  >,
  // price: absent → null.
  Expect<SameBut<WireDeviation, 'price', Deviation, 'price'>>,
  // sortedProducts → productIds.
  Expect<SameBut<WireCategory, 'sortedProducts', Category, 'productIds'>>,
  // stripeAccountId: absent → null.
  Expect<SameBut<WirePaymentMethod, 'stripeAccountId', PaymentMethod, 'stripeAccountId'>>,
  // description: absent or null → ''.
  Expect<SameBut<WireCartItem, 'description', CartItem, 'description'>>,
  // product flattened into productId and title; description: absent or null → ''; beingPaid: absent → 0.
  Expect<
    SameBut<
      WireTabEntry,
      'product' | 'description' | 'beingPaid',
      TabEntry,
      'productId' | 'title' | 'description' | 'beingPaid'
    >
  >,
  // cart → entries.
  Expect<SameBut<WireActiveTab, 'cart', ActiveTab, 'entries'>>,
  // cart items and the open tab are mapped; everything else is the answer's.
  Expect<SameBut<SessionResponse, 'cart' | 'activeTab', Session, 'cart' | 'activeTab'>>,
  // currency: absent → SEK; products mapped.
  Expect<SameBut<ReceiptResponse, 'currency' | 'products', Receipt, 'currency' | 'products'>>,
  // description: null → ''; deviations mapped.
  Expect<
    SameBut<WireReceiptProduct, 'description' | 'deviations', ReceiptProduct, 'description' | 'deviations'>
  >,
  // count: absent → 1.
  Expect<SameBut<WireReceiptDeviation, 'count', ReceiptDeviation, 'count'>>,
];

describe('wire types and store types (checked by `npm run typecheck`)', () => {
  it('§7 the schemas pick from the domain’s value lists, not copies of them', () => {
    expect(currencySchema.options).toBe(CURRENCIES);
    expect(countrySchema.options).toBe(COUNTRIES);
    expect(displayTypeSchema.options).toBe(DISPLAY_TYPES);
    expect(paymentMethodTypeSchema.options).toBe(PAYMENT_METHOD_TYPES);
    expect(paymentStatusSchema.options).toBe(PAYMENT_STATUSES);
  });
});
