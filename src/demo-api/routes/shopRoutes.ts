/**
 * The v2 shop calls of SPEC §7 under /api/v2/webshop/:shopId: shop, session cart, order reference, and the
 * start and cancel of payments. Every answer for an unknown shop is 404 SHOP_NOT_FOUND.
 */
import type { FastifyInstance } from 'fastify';
import type {
  PutCartRequest,
  ReferenceRequest,
  SessionQuery,
  SessionResponse,
  ShopResponse,
  StartPaymentRequest,
  StartPaymentResponse,
} from '../../contract';
import type { DemoContext } from '../demoContext';
import { cancelSessionPayment, requireShop, startPayment } from '../services/paymentService';
import {
  cartQuery,
  emptyBody,
  putCartBody,
  referenceBody,
  shopParams,
  startPaymentBody,
} from './routeSchemas';
import { loadSession, replaceCart, setReference } from '../services/sessionService';
import { buildShopResponse, unreservedStock } from '../services/shopCatalog';

interface ShopParams {
  shopId: string;
}

/** Registers the v2 shop routes. */
export function registerShopRoutes(app: FastifyInstance, ctx: DemoContext): void {
  const base = '/api/v2/webshop/:shopId';

  // A limited product's `count` is what this session can still buy: stock less other sessions' pending
  // reservations. Its own pending payment is not subtracted, or starting to pay would shrink the cart's
  // own limits (§5 "cart quantity max = current count plus remaining stock") under the customer's feet.
  app.get<{ Params: ShopParams; Reply: ShopResponse }>(
    base,
    { schema: { params: shopParams } },
    async (request) => {
      const shop = requireShop(ctx, request.params.shopId);
      return buildShopResponse(shop, unreservedStock(ctx.db, shop.shopId, request.sid));
    },
  );

  app.get<{ Params: ShopParams; Querystring: SessionQuery; Reply: SessionResponse }>(
    `${base}/cart`,
    { schema: { params: shopParams, querystring: cartQuery } },
    async (request) => loadSession(ctx, request.sid, request.params.shopId, request.query),
  );

  app.put<{ Params: ShopParams; Body: PutCartRequest; Reply: SessionResponse }>(
    `${base}/cart`,
    { schema: { params: shopParams, body: putCartBody }, config: { limitedBy: ['cartWritesPerSession'] } },
    async (request) => replaceCart(ctx, request.sid, request.params.shopId, request.body),
  );

  app.post<{ Params: ShopParams; Body: ReferenceRequest }>(
    `${base}/reference`,
    { schema: { params: shopParams, body: referenceBody } },
    async (request, reply) => {
      setReference(ctx, request.sid, request.params.shopId, request.body.reference);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: ShopParams; Body: StartPaymentRequest; Reply: StartPaymentResponse }>(
    `${base}/cart/startPayment`,
    {
      schema: { params: shopParams, body: startPaymentBody },
      config: { limitedBy: ['paymentStartsPerSession', 'swishRequestsPerPhone'] },
    },
    async (request) => startPayment(ctx, request.sid, request.params.shopId, request.body),
  );

  app.post<{ Params: ShopParams }>(
    `${base}/cart/cancelPayment`,
    { schema: { params: shopParams, body: emptyBody } },
    async (request, reply) => {
      cancelSessionPayment(ctx, request.sid, request.params.shopId);
      return reply.status(204).send();
    },
  );
}
