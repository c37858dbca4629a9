/**
 * Wire types of every call in SPEC §7, shared by the SPA (src/shared/api) and the demo API (src/demo-api).
 * Each answer type is inferred from its schema in ./schemas.ts, where its fields are written (and
 * documented) once; a shape the store keeps as it comes is an alias of its domain type (the rule is at the
 * top of ./schemas.ts). Request bodies, which the SPA builds and does not parse, are the types at the end
 * of each section.
 */
import type * as v from 'valibot';

import type {
  Currency,
  CustomerInfo,
  CustomerInputsConfig,
  DeviationGroup,
  Discount,
  InputRule,
  Money,
  OpenHours,
  PaymentLine,
  PaymentMethodType,
  TabSelection,
  Tag,
} from '../domain/types';
import type * as schemas from './schemas';

export type { Currency, PaymentMethodType };

/** §3 Money: integer minor units (öre, cent) plus currency. */
export type WireMoney = Money;

// ---------------------------------------------------------------- GET /api/v2/webshop/{shopId}

export type WireCompany = v.InferOutput<typeof schemas.wireCompanySchema>;
export type WireOpenHours = OpenHours;
export type WireInputConfig = InputRule;
export type WireCustomerInputs = CustomerInputsConfig;
export type WireShop = v.InferOutput<typeof schemas.wireShopSchema>;
export type WireArticle = v.InferOutput<typeof schemas.wireArticleSchema>;
export type WireDeviation = v.InferOutput<typeof schemas.wireDeviationSchema>;
export type WireDeviationGroup = DeviationGroup;
export type WireCategory = v.InferOutput<typeof schemas.wireCategorySchema>;
export type WireTag = Tag;
export type WirePaymentMethod = v.InferOutput<typeof schemas.wirePaymentMethodSchema>;
export type ShopResponse = v.InferOutput<typeof schemas.shopResponseSchema>;

// ---------------------------------------------------------------- cart (session)

export type WireCartItem = v.InferOutput<typeof schemas.wireCartItemSchema>;
export type WireTabSelection = TabSelection;
export type WireTabEntry = v.InferOutput<typeof schemas.wireTabEntrySchema>;
export type WireActiveTab = v.InferOutput<typeof schemas.wireActiveTabSchema>;
/** GET .../cart answer (§7). */
export type SessionResponse = v.InferOutput<typeof schemas.sessionResponseSchema>;

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

export type StartPaymentResponse = v.InferOutput<typeof schemas.startPaymentResponseSchema>;
/** Error body the backend answers with status 400 (§8). */
export type ErrorResponse = v.InferOutput<typeof schemas.errorResponseSchema>;
/** OUT_OF_STOCK: the error message is a JSON list of these (§8). */
export type StockLevel = v.InferOutput<typeof schemas.stockLevelSchema>;

/** §3 Customer info as sent with startPayment. */
export type WireCustomerInfo = CustomerInfo;

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

// ---------------------------------------------------------------- receipt

export type WireDiscount = Discount;
export type WireReceiptDeviation = v.InferOutput<typeof schemas.wireReceiptDeviationSchema>;
export type WireReceiptProduct = v.InferOutput<typeof schemas.wireReceiptProductSchema>;
export type WirePaymentLine = PaymentLine;
export type ReceiptResponse = v.InferOutput<typeof schemas.receiptResponseSchema>;

export interface ReceiptEmailRequest {
  email: string;
  /**
   * _House rule_ (issue 39), optional: the language of the page that asks, so the e-mail reads as the page
   * did ('se', 'en', 'fi'); without it a backend writes in the shop's own language.
   */
  language?: 'se' | 'en' | 'fi';
}

export interface ReferenceRequest {
  reference: string;
}

// ---------------------------------------------------------------- v1 calls

export type IntegrationUrlResponse = v.InferOutput<typeof schemas.integrationUrlResponseSchema>;
export type ReceiptPdfResponse = v.InferOutput<typeof schemas.receiptPdfResponseSchema>;
export type PaymentIntentStatus = v.InferOutput<typeof schemas.paymentIntentStatusSchema>;
export type PaymentIntentResponse = v.InferOutput<typeof schemas.paymentIntentResponseSchema>;

export type Bookkeeper = 'fortnox' | 'visma';

export interface IntegrateRequest {
  authorizationCode: string;
  scopes: string;
}

/** State carried through the bookkeeping OAuth round trip (URL-encoded JSON). */
export interface IntegrationState {
  isWeb: boolean;
  companyID: string;
  scopeState: string;
}
