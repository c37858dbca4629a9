/**
 * Wire types of every call in SPEC §7, shared by the SPA (src/shared/api) and the demo API (src/demo-api).
 * Types only: no code lives here. Field names follow the provider's wire format as the spec lists it
 * (including its spellings such as `organizationnumber` and `deviationGroupes`).
 */

import type { Country, Currency, DisplayType, PaymentMethodType, PaymentStatus } from '../domain/types';

export type { Country, Currency, DisplayType, PaymentMethodType, PaymentStatus };

/** §3 Money: integer minor units (öre, cent) plus currency. */
export interface WireMoney {
  amount: number;
  currency: Currency;
}

// ---------------------------------------------------------------- GET /api/v2/webshop/{shopId}

export interface WireCompany {
  /**
   * Optional, beyond §3: the company's id, the one the card payment intent call (§7) and the receipt
   * download page take. Without it a card start must answer its client secret itself.
   */
  companyId?: string;
  name: string;
  organizationnumber: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  country: Country;
  /** Absent: SEK, or EUR for Finland (§9). */
  currency?: Currency;
  /** Absolute http(s) URL or a same-origin path; null for the default logo. */
  logo: string | null;
}

/** One opening interval. weekday: 1 = Monday … 7 = Sunday (ISO 8601); times 'HH:MM' in the shop's zone. */
export interface WireOpenHours {
  weekday: number;
  opens: string;
  closes: string;
}

export interface WireInputConfig {
  active: boolean;
  required: boolean;
}

/** §3 Customer inputs config. */
export interface WireCustomerInputs {
  nameInput: WireInputConfig;
  emailInput: WireInputConfig;
  phoneInput: WireInputConfig;
  addressInput: WireInputConfig;
  extraInfoInput: WireInputConfig;
}

export interface WireShop {
  shopId: string;
  title: string;
  description: string | null;
  primaryColor: string | null;
  backgroundColor: string | null;
  displayType: DisplayType;
  openHours: WireOpenHours[];
  active: boolean;
  isOpen: boolean;
  requireReference: boolean;
  refundPolicy: string | null;
  /** Absent or null: email and phone active, the others hidden (§3). */
  customerInputs: WireCustomerInputs | null;
}

export interface WireArticle {
  id: string;
  title: string;
  description: string | null;
  price: WireMoney;
  image: string | null;
  /** Category id. */
  category: string;
  /** Tag ids. */
  tags: string[];
  /** Stock count; meaningful only when limitStock is true. */
  count: number;
  /** false means unlimited stock (§3). */
  limitStock: boolean;
  availableDeviations: { deviationGroupes: string[] } | null;
}

export interface WireDeviation {
  id: string;
  name: string;
  price?: WireMoney | null;
}

export interface WireDeviationGroup {
  id: string;
  name: string;
  deviationIds: string[];
  minCount: number | null;
  maxCount: number | null;
}

export interface WireCategory {
  id: string;
  name: string;
  /** Product ids in display order. */
  sortedProducts: string[];
}

export interface WireTag {
  id: string;
  tag: string;
  color: string;
}

export interface WirePaymentMethod {
  id: string;
  type: PaymentMethodType;
  stripeAccountId?: string | null;
}

export interface ShopResponse {
  company: WireCompany;
  shop: WireShop;
  /** Products keyed by id. */
  articles: Record<string, WireArticle>;
  /** Deviations (extras) keyed by id. */
  deviations: Record<string, WireDeviation>;
  /** Deviation groups keyed by id. */
  deviationGroups: Record<string, WireDeviationGroup>;
  /** Categories in display order. */
  categories: WireCategory[];
  paymentMethods: WirePaymentMethod[];
  /** Tags keyed by id. */
  tags: Record<string, WireTag>;
}

// ---------------------------------------------------------------- cart (session)

export interface WireCartItem {
  /** Random local id, made by the client. */
  id: string;
  productId: string;
  count: number;
  /** Selected deviation ids. */
  deviations: string[];
  /** Customer note. */
  description?: string | null;
}

/** A tab selection the customer has put into the cart: tab entry id and how many of it. */
export interface WireTabSelection {
  id: string;
  count: number;
}

/** One entry of an open tab (§3 "Active tab: cart entries"). */
export interface WireTabEntry {
  id: string;
  count: number;
  price: WireMoney;
  product: { id: string; title: string; price: WireMoney };
  deviations: { id: string; name: string; price: WireMoney | null }[];
  description?: string | null;
}

export interface WireActiveTab {
  id: string;
  customerReference: string;
  cart: WireTabEntry[];
}

/** GET .../cart answer (§7). */
export interface SessionResponse {
  cart: WireCartItem[];
  tabItems: WireTabSelection[];
  activeTab: WireActiveTab | null;
  paymentStatus: PaymentStatus | null;
  paymentId: string | null;
  paymentIntentId: string | null;
  receiptId: string | null;
  paymentMethodId: string | null;
  message: string | null;
  orderReference: string | null;
}

export interface SessionQuery {
  table?: string;
  tabId?: string;
}

/** PUT .../cart body (§7). */
export interface PutCartRequest {
  cart: WireCartItem[];
  tabItems: WireTabSelection[];
}

// ---------------------------------------------------------------- payment

/** §3 Customer info as sent with startPayment. */
export interface WireCustomerInfo {
  name: string;
  email: string;
  phone: string;
  extraInfo: string;
  postalCode: string;
  address: string;
  city: string;
  isMobile: boolean;
}

export interface StartPaymentRequest {
  paymentMethodId: string;
  customerInfo: WireCustomerInfo;
  orderReference: string | null;
  /**
   * Optional, beyond §7: `cartFingerprint` (domain/cart) of the cart and total the page shows. A backend
   * that knows it answers 409 CART_CHANGED when its own cart differs; one that does not may ignore it.
   */
  cartFingerprint?: string;
  /**
   * Optional, beyond §7: the start comes from a shared counter kiosk, so a Swish start answers a token
   * for a QR code even though the customer is not on the kiosk's own phone. A real backend may ignore it.
   */
  kiosk?: boolean;
}

/**
 * POST .../cart/startPayment answer. `paymentId` on success (a Viva order code for VIVA_WALLET_WEB);
 * `token` for a Swish start from a phone (the app link); `clientSecret` for STRIPE.
 */
export interface StartPaymentResponse {
  paymentId: string;
  token?: string | null;
  clientSecret?: string | null;
  paymentIntentId?: string | null;
}

/** Error body the backend answers with status 400 (§8). */
export interface ErrorResponse {
  name: string;
  errorCode: string | number;
  message?: string;
}

/** OUT_OF_STOCK: the error message is a JSON list of these (§8). */
export interface StockLevel {
  id: string;
  stock: number;
}

// ---------------------------------------------------------------- receipt

export interface WireDiscount {
  /** 'PERCENTAGE' takes amount/100 percent off; any other type subtracts a fixed amount (minor units). */
  type: string;
  amount: number;
}

export interface WireReceiptDeviation {
  id: string;
  name: string;
  /** Defaults to 1 (§3). */
  count?: number;
  /** Minor units. */
  price: number;
  tax: number;
}

export interface WireReceiptProduct {
  id: string;
  title: string;
  count: number;
  /** Minor units, per item, before extras. */
  price: number;
  sizeOfItem: number;
  description: string | null;
  /** VAT percent, e.g. 12 or 25.5. */
  tax: number;
  discount: WireDiscount | null;
  deviations: WireReceiptDeviation[];
}

export interface WirePaymentLine {
  id: string;
  type: string;
  /** Minor units. */
  amount: number;
}

export interface ReceiptResponse {
  id: string;
  receiptId: string;
  name: string;
  organizationnumber: string;
  street: string;
  postalcode: string;
  city: string;
  phone: string;
  currency?: Currency;
  products: WireReceiptProduct[];
  paymentMethods: WirePaymentLine[];
  /** ISO 8601. */
  dateCreated: string;
  cashRegisterLabel: string;
  controlUnitSerial: string;
  controlUnitResponse: string;
}

export interface ReceiptEmailRequest {
  email: string;
}

export interface ReferenceRequest {
  reference: string;
}

// ---------------------------------------------------------------- v1 calls

export type Bookkeeper = 'fortnox' | 'visma';

export interface IntegrateRequest {
  authorizationCode: string;
  scopes: string;
}

export interface IntegrationUrlResponse {
  integrationUrl: string;
}

export interface ReceiptPdfResponse {
  pdfData: { data: number[] };
}

export type PaymentIntentStatus = 'PENDING' | 'REQUIRES_ACTION' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

export interface PaymentIntentResponse {
  paymentIntent: {
    status: PaymentIntentStatus;
    paymentData: {
      clientSecret: string;
      stripeAccountId: string;
      pendingPaymentMethod: { amount: number; currency: Currency };
      error: { message: string } | null;
    };
  };
}

/** State carried through the bookkeeping OAuth round trip (URL-encoded JSON). */
export interface IntegrationState {
  isWeb: boolean;
  companyID: string;
  scopeState: string;
}
