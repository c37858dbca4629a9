/**
 * Receipt calls: v2 receipt JSON, e-mail (to the outbox) and PDF download, plus the v1 PDF download the
 * receipt download page uses.
 */
import type { FastifyInstance } from 'fastify';
import type { ReceiptEmailRequest, ReceiptPdfResponse, ReceiptResponse } from '../../contract';
import { validateField } from '../../domain/customerInfo';
import { badRequest, notFound } from '../http/apiErrors';
import type { DemoContext } from '../demoContext';
import { RECEIPT_ID_PATTERN } from '../ids';
import { requireShop } from '../services/paymentService';
import { receiptPdf } from '../services/receiptPdf';
import { receiptText, receiptView, type ReceiptView } from '../services/receiptView';
import { emailBody, receiptParams } from './routeSchemas';
import type { CatalogShop } from '../services/shopCatalog';
import { insertOutboxMail, readReceipt } from '../store/demoRepository';

interface StoredReceipt {
  shop: CatalogShop;
  receipt: ReceiptResponse;
}

function findReceipt(ctx: DemoContext, receiptId: string): StoredReceipt | undefined {
  const stored = readReceipt(ctx.db, receiptId);
  const shop = stored ? ctx.catalog.shop(stored.shopId) : undefined;
  if (!stored || !shop) return undefined;
  return { shop, receipt: stored.receipt };
}

/** The receipt of this shop, or 404 RECEIPT_NOT_FOUND (also for another shop's receipt). */
function shopReceipt(ctx: DemoContext, shopId: string, receiptId: string): StoredReceipt {
  const shop = requireShop(ctx, shopId);
  const found = findReceipt(ctx, receiptId);
  if (!found || found.shop.shopId !== shop.shopId) throw notFound('RECEIPT_NOT_FOUND');
  return found;
}

/** The language a receipt is written in: the page's that asked (issue 39), else the shop's own. */
function languageOf(found: StoredReceipt, asked: unknown): 'se' | 'en' | 'fi' {
  if (asked === 'se' || asked === 'en' || asked === 'fi') return asked;
  return found.shop.fixture.company.country === 'FINLAND' ? 'fi' : 'se';
}

function viewOf(found: StoredReceipt, language?: unknown): ReceiptView {
  return receiptView(found.receipt, {
    language: languageOf(found, language),
    timeZone: found.shop.fixture.timeZone,
    currency: found.receipt.currency ?? found.shop.currency,
  });
}

/** PDF bytes of a stored receipt. */
async function pdfOf(found: StoredReceipt, language?: unknown): Promise<Uint8Array> {
  const view = viewOf(found, language);
  return receiptPdf(view, {
    title: `${view.title} – ${found.receipt.name}`,
    date: new Date(found.receipt.dateCreated),
  });
}

/** Registers the receipt routes. */
export function registerReceiptRoutes(app: FastifyInstance, ctx: DemoContext): void {
  const base = '/api/v2/webshop/:shopId/receipt/:receiptId';
  interface Params {
    shopId: string;
    receiptId: string;
  }

  app.get<{ Params: Params; Reply: ReceiptResponse }>(
    base,
    { schema: { params: receiptParams } },
    async (request) => {
      return shopReceipt(ctx, request.params.shopId, request.params.receiptId).receipt;
    },
  );

  app.post<{ Params: Params; Body: ReceiptEmailRequest }>(
    `${base}/email`,
    {
      schema: { params: receiptParams, body: emailBody },
      config: { limitedBy: ['receiptEmailsPerSession', 'receiptEmailsPerReceipt'] },
    },
    async (request, reply) => {
      const found = shopReceipt(ctx, request.params.shopId, request.params.receiptId);
      const email = request.body.email.trim();
      // The same "looks like an e-mail" rule as the SPA's form (§5), required here.
      if (validateField('email', email, { active: true, required: true })) throw badRequest('INVALID_EMAIL');
      const view = viewOf(found, request.body.language);
      ctx.db.transaction(() => {
        insertOutboxMail(
          ctx.db,
          {
            receiptId: found.receipt.receiptId,
            to: email,
            subject: `${view.title} – ${found.receipt.name}`,
            body: receiptText(view),
          },
          ctx.clock(),
        );
      });
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Params }>(
    `${base}/download`,
    { schema: { params: receiptParams } },
    async (request, reply) => {
      const found = shopReceipt(ctx, request.params.shopId, request.params.receiptId);
      // The page's language (issue 39: `?lng`, as the page's link adds it), else the shop's.
      const bytes = await pdfOf(found, (request.query as { lng?: unknown } | undefined)?.lng);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="kvitto-${found.receipt.receiptId}.pdf"`)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(bytes));
    },
  );

  app.get<{ Params: { companyId: string; receiptId: string }; Reply: ReceiptPdfResponse }>(
    '/api/v1/webshop/download/:companyId/:receiptId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['companyId', 'receiptId'],
          properties: {
            companyId: { type: 'string', minLength: 1, maxLength: 200 },
            receiptId: { type: 'string', minLength: 1, maxLength: 200 },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { companyId, receiptId } = request.params;
      if (!RECEIPT_ID_PATTERN.test(receiptId)) throw badRequest('INVALID_RECEIPT_ID');
      const found = findReceipt(ctx, receiptId);
      if (!found || found.shop.companyId !== companyId) throw notFound('RECEIPT_NOT_FOUND');
      return { pdfData: { data: Array.from(await pdfOf(found)) } };
    },
  );
}
