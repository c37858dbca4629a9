/**
 * Entities of SPEC §3 as the SPA holds them in its store (serializable: money as integer minor units
 * plus currency, dates as ISO strings). The API edge (src/shared/api) maps wire types to these.
 *
 * An entity the store keeps exactly as the wire carries it (Money, InputRule, CustomerInputsConfig,
 * OpenHours, DeviationGroup, Tag, TabSelection, Discount, PaymentLine, an open tab's Deviation, and the
 * CustomerInfo sent with a payment) is declared here only: the contract (src/contract) names it by an alias,
 * and __tests__/contract/wireTypes.test.ts holds its schema's output equal to it. The value lists below are
 * the ones the schemas pick from (the rule is at the top of src/contract/schemas.ts).
 */

export const CURRENCIES = ['SEK', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const COUNTRIES = ['SWEDEN', 'FINLAND'] as const;
export type Country = (typeof COUNTRIES)[number];

/** §3 Money: amount in integer minor units (shown as amount / 100) and its currency. */
export interface Money {
  amount: number;
  currency: Currency;
}

export const DISPLAY_TYPES = ['NO_IMAGE', 'SMALL_IMAGE', 'LARGE_IMAGE'] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];
export const PAYMENT_METHOD_TYPES = ['VIVA_WALLET_WEB', 'SWISH_TRADE', 'STRIPE'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export interface InputRule {
  active: boolean;
  required: boolean;
}

/** §3 Customer inputs config. */
export interface CustomerInputsConfig {
  nameInput: InputRule;
  emailInput: InputRule;
  phoneInput: InputRule;
  addressInput: InputRule;
  extraInfoInput: InputRule;
}

export interface OpenHours {
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 'HH:MM' */
  opens: string;
  closes: string;
}

export interface ShopInfo {
  shopId: string;
  title: string;
  description: string;
  primaryColor: string | null;
  backgroundColor: string | null;
  displayType: DisplayType;
  openHours: OpenHours[];
  active: boolean;
  isOpen: boolean;
  requireReference: boolean;
  refundPolicy: string;
  /** null: the §3 default (email and phone active, others hidden). */
  customerInputs: CustomerInputsConfig | null;
}

export interface Company {
  /** Needed for the card payment intent call (§7); null when the backend does not send it. */
  companyId: string | null;
  name: string;
  organizationnumber: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  country: Country;
  currency: Currency;
  /** A safe http(s) or same-origin URL, or null for the default logo. */
  logo: string | null;
}

export interface Product {
  id: string;
  title: string;
  description: string;
  price: Money;
  /** A safe http(s) or same-origin URL, or null. */
  image: string | null;
  categoryId: string;
  tagIds: string[];
  /** Stock count; meaningful only when limitStock. */
  count: number;
  /** false means unlimited stock. */
  limitStock: boolean;
  deviationGroupIds: string[];
}

export interface Category {
  id: string;
  name: string;
  productIds: string[];
}

export interface Tag {
  id: string;
  tag: string;
  /** A valid hex colour (invalid ones are replaced at the edge). */
  color: string;
}

export interface Deviation {
  id: string;
  name: string;
  price: Money | null;
}

export interface DeviationGroup {
  id: string;
  name: string;
  deviationIds: string[];
  minCount: number | null;
  maxCount: number | null;
}

export interface PaymentMethod {
  id: string;
  type: PaymentMethodType;
  stripeAccountId: string | null;
}

/** §3 Cart item. */
export interface CartItem {
  /** Random local id. */
  id: string;
  productId: string;
  count: number;
  /** Selected deviation ids. */
  deviations: string[];
  /** Customer note; '' when absent. */
  description: string;
}

/** One entry of an open tab, priced by the server. */
export interface TabEntry {
  id: string;
  /** How many of it are on the tab. */
  count: number;
  /** Unit price including deviations. */
  price: Money;
  productId: string;
  title: string;
  deviations: Deviation[];
  description: string;
  /** How many of `count` another guest is paying for right now (§3: held until that payment ends). */
  beingPaid: number;
}

export interface ActiveTab {
  id: string;
  customerReference: string;
  entries: TabEntry[];
}

/** A tab entry chosen for payment: entry id and how many. */
export interface TabSelection {
  id: string;
  count: number;
}

export const PAYMENT_STATUSES = [
  'NOT_STARTED',
  'LOADING',
  'STARTED',
  'COMPLETED',
  'ERROR',
  'FAILED',
  'CANCELLED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** §3 Session as the cart call returns it. */
export interface Session {
  cart: CartItem[];
  tabItems: TabSelection[];
  activeTab: ActiveTab | null;
  paymentStatus: PaymentStatus | null;
  paymentId: string | null;
  paymentIntentId: string | null;
  receiptId: string | null;
  paymentMethodId: string | null;
  message: string | null;
  orderReference: string | null;
}

export type CustomerField = 'name' | 'email' | 'phone' | 'extraInfo' | 'postalCode' | 'address' | 'city';

/** §3 Customer info. */
export type CustomerInfo = Record<CustomerField, string> & { isMobile: boolean };

/** The whole shop after load, normalized by the slices. */
export interface ShopData {
  shop: ShopInfo;
  company: Company;
  products: Product[];
  categories: Category[];
  deviations: Deviation[];
  deviationGroups: DeviationGroup[];
  tags: Tag[];
  paymentMethods: PaymentMethod[];
}

export interface Discount {
  /** 'PERCENTAGE' or another (fixed amount in minor units). */
  type: string;
  amount: number;
}

export interface ReceiptDeviation {
  id: string;
  name: string;
  count: number;
  /** Minor units. */
  price: number;
  tax: number;
}

export interface ReceiptProduct {
  id: string;
  title: string;
  count: number;
  /** Minor units per item, before extras. */
  price: number;
  sizeOfItem: number;
  description: string;
  tax: number;
  discount: Discount | null;
  deviations: ReceiptDeviation[];
}

export interface PaymentLine {
  id: string;
  type: string;
  amount: number;
}

export interface Receipt {
  id: string;
  receiptId: string;
  name: string;
  organizationnumber: string;
  street: string;
  postalcode: string;
  city: string;
  phone: string;
  currency: Currency;
  products: ReceiptProduct[];
  paymentMethods: PaymentLine[];
  dateCreated: string;
  cashRegisterLabel: string;
  controlUnitSerial: string;
  controlUnitResponse: string;
}

/** A serializable error as the store holds it. */
export interface ErrorInfo {
  code: string;
  message: string;
}
