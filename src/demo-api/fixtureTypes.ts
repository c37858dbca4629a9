/**
 * Shapes of the demo shops' fixture data. A fixture is the wire payload of GET shop plus what the provider's
 * backend knows but does not send: VAT rates, known table numbers, open tabs and the cash register.
 */
import type {
  WireArticle,
  WireCategory,
  WireCompany,
  WireDeviation,
  WireDeviationGroup,
  WirePaymentMethod,
  WireShop,
  WireTag,
} from '../contract';

/** A product; `count` is the initial stock when limitStock (the live count lives in the stock table). */
export interface FixtureProduct extends WireArticle {
  /** VAT percent, e.g. 12 (Swedish food) or 25.5 (Finnish general rate). */
  tax: number;
}

/** An extra; its VAT follows the product it is added to unless `tax` is set. */
export interface FixtureDeviation extends WireDeviation {
  tax?: number;
}

/** One entry of an open tab as seeded. */
export interface FixtureTabEntry {
  id: string;
  productId: string;
  count: number;
  deviationIds: string[];
  description: string | null;
}

/** An open tab (a bill kept open at a table or bar). */
export interface FixtureTab {
  id: string;
  customerReference: string;
  entries: FixtureTabEntry[];
}

/** Everything the demo knows about one shop. */
export interface ShopFixture {
  companyId: string;
  company: WireCompany;
  shop: WireShop;
  categories: WireCategory[];
  products: FixtureProduct[];
  deviations: FixtureDeviation[];
  deviationGroups: WireDeviationGroup[];
  tags: WireTag[];
  paymentMethods: WirePaymentMethod[];
  /** Known order references (table numbers); required only when shop.requireReference. */
  references: string[];
  tabs: FixtureTab[];
  cashRegisterLabel: string;
  controlUnitSerial: string;
  /** IANA zone for dates printed on receipts. */
  timeZone: string;
}

/** A seeded card-payment-page intent (GET /api/v1/company/{companyId}/payments/{id}). */
export interface FixtureIntent {
  intentId: string;
  companyId: string;
  amount: number;
  status: 'PENDING' | 'REQUIRES_ACTION' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  errorMessage: string | null;
}
