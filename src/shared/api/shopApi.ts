/**
 * One typed function per call of SPEC §7. Wire types come in through the schemas and leave as store types
 * (src/domain/types). The functions never use `this`, so sagas can `callAbortable(api.getShop, id)` directly.
 */
import type {
  Bookkeeper,
  IntegrateRequest,
  PaymentIntentResponse,
  StartPaymentRequest,
  StartPaymentResponse,
} from '../../contract';
import type { CartItem, Receipt, Session, ShopData, TabSelection } from '../../domain/types';
import { createHttpClient, buildUrl } from './httpClient';
import type { FetchLike } from './httpClient';
import { NetworkError } from './networkError';
import {
  integrationUrlResponseSchema,
  paymentIntentResponseSchema,
  receiptPdfResponseSchema,
  receiptResponseSchema,
  sessionResponseSchema,
  shopResponseSchema,
  startPaymentResponseSchema,
} from './schemas';
import { toPutCartRequest, toReceipt, toSession, toShopData } from './wireMappers';

export interface ApiOptions {
  /** API origin; '' (default) for same origin. */
  baseUrl?: string;
  /** Replaces the global fetch (tests, SSR). */
  fetch?: FetchLike;
}

const BOOKKEEPERS: readonly Bookkeeper[] = ['fortnox', 'visma'];

/**
 * Encodes one path segment. '', '.' and '..' are refused: the URL parser would drop or climb them
 * (also as %2e%2e), sending the call to another endpoint.
 */
function pathSegment(value: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new RangeError(`Invalid path segment: '${value}'`);
  }
  return encodeURIComponent(value);
}

/** A shop's path on the API: /api/v2/webshop/{shopId} (§7). */
export const shopPath = (shopId: string) => `/api/v2/webshop/${pathSegment(shopId)}`;

function bookkeeperSegment(bookkeeper: Bookkeeper): string {
  if (!BOOKKEEPERS.includes(bookkeeper))
    throw new RangeError(`Unsupported bookkeeper: '${String(bookkeeper)}'`);
  return bookkeeper;
}

/**
 * Creates the typed API of §7 on top of {@link createHttpClient}. Every function rejects with a
 * NetworkError (§8) on failure, and takes an optional AbortSignal last.
 */
export function createApi({ baseUrl = '', fetch }: ApiOptions = {}) {
  const http = createHttpClient({ baseUrl, fetch });
  const receipt = (shopId: string, receiptId: string) =>
    `${shopPath(shopId)}/receipt/${pathSegment(receiptId)}`;

  return {
    /** GET /api/v2/webshop/{shopId}: the whole shop, mapped to store entities (a 404 means not found, §8). */
    async getShop(shopId: string, signal?: AbortSignal): Promise<ShopData> {
      const wire = await http.request({
        method: 'GET',
        path: shopPath(shopId),
        schema: shopResponseSchema,
        signal,
      });
      return toShopData(wire);
    },

    /** GET .../cart: the session; `table` and `tabId` are sent when set (§2 shop layout). */
    async getSession(
      shopId: string,
      query?: { table?: string; tabId?: string },
      signal?: AbortSignal,
    ): Promise<Session> {
      const wire = await http.request({
        method: 'GET',
        path: `${shopPath(shopId)}/cart`,
        query: { table: query?.table, tabId: query?.tabId },
        schema: sessionResponseSchema,
        signal,
      });
      return toSession(wire);
    },

    /** PUT .../cart: the cart and the chosen tab entries as `{ id, count }`. */
    async putCart(
      shopId: string,
      body: { cart: CartItem[]; tabItems: TabSelection[] },
      signal?: AbortSignal,
    ): Promise<void> {
      return http.request({
        method: 'PUT',
        path: `${shopPath(shopId)}/cart`,
        body: toPutCartRequest(body.cart, body.tabItems),
        signal,
      });
    },

    /** POST .../cart/startPayment: starts a payment; a 400 carries the failure name (§4, §8). */
    async startPayment(
      shopId: string,
      req: StartPaymentRequest,
      signal?: AbortSignal,
    ): Promise<StartPaymentResponse> {
      const { customerInfo: c } = req;
      const body: StartPaymentRequest = {
        paymentMethodId: req.paymentMethodId,
        customerInfo: {
          name: c.name,
          email: c.email,
          phone: c.phone,
          extraInfo: c.extraInfo,
          postalCode: c.postalCode,
          address: c.address,
          city: c.city,
          isMobile: c.isMobile,
        },
        orderReference: req.orderReference,
        // Optional fields travel only when set, so a start without them is exactly §7's.
        ...(req.cartFingerprint === undefined ? {} : { cartFingerprint: req.cartFingerprint }),
        ...(req.kiosk === undefined ? {} : { kiosk: req.kiosk }),
      };
      return http.request({
        method: 'POST',
        path: `${shopPath(shopId)}/cart/startPayment`,
        body,
        schema: startPaymentResponseSchema,
        signal,
      });
    },

    /** POST .../cart/cancelPayment. §8: 409 (nothing to cancel) and 404 are ignored; others rethrown. */
    async cancelPayment(shopId: string, signal?: AbortSignal): Promise<void> {
      try {
        await http.request({ method: 'POST', path: `${shopPath(shopId)}/cart/cancelPayment`, signal });
      } catch (e) {
        if (e instanceof NetworkError && (e.status === 409 || e.status === 404)) return;
        throw e;
      }
    },

    /** GET .../receipt/{receiptId}: currency defaults to SEK, deviation count to 1 (§3). */
    async getReceipt(shopId: string, receiptId: string, signal?: AbortSignal): Promise<Receipt> {
      const wire = await http.request({
        method: 'GET',
        path: receipt(shopId, receiptId),
        schema: receiptResponseSchema,
        signal,
      });
      return toReceipt(wire);
    },

    /** POST .../receipt/{receiptId}/email with `{ email, language }` (the page's language: issue 39). */
    async emailReceipt(
      shopId: string,
      receiptId: string,
      email: string,
      language?: 'se' | 'en' | 'fi',
      signal?: AbortSignal,
    ): Promise<void> {
      return http.request({
        method: 'POST',
        path: `${receipt(shopId, receiptId)}/email`,
        body: { email, language },
        signal,
      });
    },

    /** POST .../reference with `{ reference }`; the caller loads the session on success (§7). */
    async submitReference(shopId: string, reference: string, signal?: AbortSignal): Promise<void> {
      return http.request({
        method: 'POST',
        path: `${shopPath(shopId)}/reference`,
        body: { reference },
        signal,
      });
    },

    /** The GET .../receipt/{receiptId}/download URL, opened by the browser (no call is made). */
    receiptDownloadUrl(shopId: string, receiptId: string): string {
      return buildUrl(baseUrl, `${receipt(shopId, receiptId)}/download`);
    },

    /** POST /api/v1/webshop/bookkeeping/{visma|fortnox}/integrate/{companyId} with the OAuth result. */
    async integrate(
      bookkeeper: Bookkeeper,
      companyId: string,
      body: IntegrateRequest,
      signal?: AbortSignal,
    ): Promise<void> {
      return http.request({
        method: 'POST',
        path: `/api/v1/webshop/bookkeeping/${bookkeeperSegment(bookkeeper)}/integrate/${pathSegment(companyId)}`,
        body: { authorizationCode: body.authorizationCode, scopes: body.scopes },
        signal,
      });
    },

    /** GET /api/v1/webshop/bookkeeping/integrationUrl/{companyId}/{bookkeeper}/{authCode}: a safe URL. */
    async getIntegrationUrl(
      companyId: string,
      bookkeeper: Bookkeeper,
      authCode: string,
      signal?: AbortSignal,
    ): Promise<string> {
      const path = `/api/v1/webshop/bookkeeping/integrationUrl/${pathSegment(companyId)}/${bookkeeperSegment(bookkeeper)}/${pathSegment(authCode)}`;
      const wire = await http.request({ method: 'GET', path, schema: integrationUrlResponseSchema, signal });
      return wire.integrationUrl;
    },

    /** GET /api/v1/webshop/download/{companyId}/{receiptId}: the receipt PDF bytes. */
    async getReceiptPdf(companyId: string, receiptId: string, signal?: AbortSignal): Promise<Uint8Array> {
      const wire = await http.request({
        method: 'GET',
        path: `/api/v1/webshop/download/${pathSegment(companyId)}/${pathSegment(receiptId)}`,
        schema: receiptPdfResponseSchema,
        signal,
      });
      return Uint8Array.from(wire.pdfData.data);
    },

    /** GET /api/v1/company/{companyId}/payments/{paymentIntentId}: the card payment intent. */
    async getPaymentIntent(
      companyId: string,
      paymentIntentId: string,
      signal?: AbortSignal,
    ): Promise<PaymentIntentResponse['paymentIntent']> {
      const wire = await http.request({
        method: 'GET',
        path: `/api/v1/company/${pathSegment(companyId)}/payments/${pathSegment(paymentIntentId)}`,
        schema: paymentIntentResponseSchema,
        signal,
      });
      return wire.paymentIntent;
    },
  };
}

/** The typed API of §7, as sagas receive it. */
export type Api = ReturnType<typeof createApi>;
