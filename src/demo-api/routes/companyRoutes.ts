/**
 * v1 company calls: the card payment page's payment intent, and bookkeeping (Fortnox / Visma) integration:
 * the integration URL (this server's own authorize page) and the integrate call that redeems its code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  Bookkeeper,
  IntegrateRequest,
  IntegrationUrlResponse,
  PaymentIntentResponse,
} from '../../contract';
import { badRequest, notFound } from '../http/apiErrors';
import type { DemoContext } from '../demoContext';
import { markOauthCodeUsed, readIntent, readOauthCode, saveIntegration } from '../store/demoRepository';
import { integrateBody } from './routeSchemas';

/** How long an authorization code from the authorize page can be redeemed (Fortnox: 10 minutes). */
export const AUTH_CODE_TTL_MS = 10 * 60 * 1000;
const AUTH_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

function isBookkeeper(value: string): value is Bookkeeper {
  return value === 'fortnox' || value === 'visma';
}

/**
 * Origin for absolute links: the configured public origin, else the request's own Host when it is a plain
 * host[:port] (a forged Host header can then only point at itself), else none (a root-relative link).
 */
function originOf(ctx: DemoContext, request: FastifyRequest): string {
  if (ctx.publicOrigin) return ctx.publicOrigin;
  const host = request.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) || /^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(host)
    ? `${request.protocol}://${host}`
    : '';
}

const stringParam = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** Registers the v1 company routes. */
export function registerCompanyRoutes(app: FastifyInstance, ctx: DemoContext): void {
  app.get<{ Params: { companyId: string; paymentIntentId: string }; Reply: PaymentIntentResponse }>(
    '/api/v1/company/:companyId/payments/:paymentIntentId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['companyId', 'paymentIntentId'],
          properties: { companyId: stringParam, paymentIntentId: stringParam },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const intent = readIntent(ctx.db, request.params.companyId, request.params.paymentIntentId);
      if (!intent) throw notFound('PAYMENT_INTENT_NOT_FOUND');
      return {
        paymentIntent: {
          status: intent.status,
          paymentData: {
            clientSecret: intent.clientSecret,
            stripeAccountId: intent.stripeAccountId,
            pendingPaymentMethod: { amount: intent.amount, currency: intent.currency },
            error: intent.errorMessage ? { message: intent.errorMessage } : null,
          },
        },
      };
    },
  );

  app.get<{
    Params: { companyId: string; bookkeeper: string; authCode: string };
    Reply: IntegrationUrlResponse;
  }>(
    '/api/v1/webshop/bookkeeping/integrationUrl/:companyId/:bookkeeper/:authCode',
    {
      schema: {
        params: {
          type: 'object',
          required: ['companyId', 'bookkeeper', 'authCode'],
          properties: { companyId: stringParam, bookkeeper: stringParam, authCode: stringParam },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { companyId, bookkeeper, authCode } = request.params;
      if (!isBookkeeper(bookkeeper)) throw badRequest('INVALID_BOOKKEEPER');
      if (!AUTH_CODE_PATTERN.test(authCode)) throw badRequest('INVALID_AUTH_CODE');
      if (!ctx.catalog.company(companyId)) throw notFound('COMPANY_NOT_FOUND');
      const query = new URLSearchParams({ companyId, scopeState: authCode });
      return {
        integrationUrl: `${originOf(ctx, request)}/demo/oauth/${bookkeeper}/authorize?${query.toString()}`,
      };
    },
  );

  app.post<{ Params: { bookkeeper: string; companyId: string }; Body: IntegrateRequest }>(
    '/api/v1/webshop/bookkeeping/:bookkeeper/integrate/:companyId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['bookkeeper', 'companyId'],
          properties: { bookkeeper: { type: 'string', enum: ['fortnox', 'visma'] }, companyId: stringParam },
          additionalProperties: false,
        },
        body: integrateBody,
      },
    },
    async (request, reply) => {
      const { bookkeeper, companyId } = request.params;
      if (!ctx.catalog.company(companyId)) throw notFound('COMPANY_NOT_FOUND');
      ctx.db.transaction(() => {
        const now = ctx.clock();
        const { authorizationCode } = request.body;
        const code = readOauthCode(ctx.db, authorizationCode);
        const valid =
          code !== undefined &&
          code.provider === bookkeeper &&
          code.companyId === companyId &&
          code.usedAt === null &&
          now - code.createdAt <= AUTH_CODE_TTL_MS;
        if (!valid) throw badRequest('INVALID_AUTHORIZATION_CODE');
        markOauthCodeUsed(ctx.db, authorizationCode, now);
        saveIntegration(
          ctx.db,
          { companyId, provider: bookkeeper, authorizationCode, scopes: request.body.scopes ?? '' },
          now,
        );
      });
      return reply.status(204).send();
    },
  );
}
