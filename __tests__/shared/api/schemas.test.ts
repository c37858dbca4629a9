import fc from 'fast-check';
import * as v from 'valibot';

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
} from '../../../src/contract';
import {
  errorResponseSchema,
  integrationUrlResponseSchema,
  paymentIntentResponseSchema,
  receiptPdfResponseSchema,
  receiptResponseSchema,
  sessionResponseSchema,
  shopResponseSchema,
  startPaymentResponseSchema,
  stockLevelSchema,
} from '../../../src/shared/api/schemas';
import {
  wireArticleSchema,
  wireDeviationSchema,
  wirePaymentMethodSchema,
} from '../../../src/contract/schemas';
import { isSafeUrl } from '../../../src/shared/api';
import {
  paymentIntentResponse,
  receiptResponse,
  sessionResponse,
  shopResponse,
  startPaymentResponse,
} from './wireFixtures';

// ---- Type level (checked by `npx tsc --noEmit -p .`): each schema's output IS its contract type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}
assertType<Same<v.InferOutput<typeof shopResponseSchema>, ShopResponse>>();
assertType<Same<v.InferOutput<typeof sessionResponseSchema>, SessionResponse>>();
assertType<Same<v.InferOutput<typeof startPaymentResponseSchema>, StartPaymentResponse>>();
assertType<Same<v.InferOutput<typeof receiptResponseSchema>, ReceiptResponse>>();
assertType<Same<v.InferOutput<typeof integrationUrlResponseSchema>, IntegrationUrlResponse>>();
assertType<Same<v.InferOutput<typeof receiptPdfResponseSchema>, ReceiptPdfResponse>>();
assertType<Same<v.InferOutput<typeof paymentIntentResponseSchema>, PaymentIntentResponse>>();
assertType<Same<v.InferOutput<typeof stockLevelSchema>, StockLevel>>();
// Every contract value is accepted by its schema's input type.
assertType<ShopResponse extends v.InferInput<typeof shopResponseSchema> ? true : false>();
// The 400 body is read leniently: a superset of the contract's ErrorResponse.
assertType<ErrorResponse extends v.InferInput<typeof errorResponseSchema> ? true : false>();

function accepts(schema: v.GenericSchema, value: unknown): boolean {
  return v.safeParse(schema, value).success;
}

describe('schemas accept exactly the contract shapes (§7)', () => {
  it.each([
    ['shop', shopResponseSchema, shopResponse()],
    ['session', sessionResponseSchema, sessionResponse()],
    ['startPayment', startPaymentResponseSchema, startPaymentResponse()],
    ['receipt', receiptResponseSchema, receiptResponse()],
    ['payment intent', paymentIntentResponseSchema, paymentIntentResponse()],
  ] as const)('§7 the %s fixture of the contract type is accepted', (_name, schema, value) => {
    expect(accepts(schema, value)).toBe(true);
  });

  it('§7 the small v1 and error answers of the contract are accepted', () => {
    expect(accepts(integrationUrlResponseSchema, { integrationUrl: '/oauth/start' })).toBe(true);
    expect(accepts(receiptPdfResponseSchema, { pdfData: { data: [] } })).toBe(true);
    expect(accepts(stockLevelSchema, { id: 'p-1', stock: 0 })).toBe(true);
    expect(accepts(errorResponseSchema, { name: 'X', errorCode: 1 })).toBe(true);
    expect(accepts(errorResponseSchema, { name: 'X', errorCode: 'E', message: 'm' })).toBe(true);
    expect(accepts(errorResponseSchema, { errorCode: 'E' })).toBe(false);
  });

  it('§7 optional fields may be absent, and `?: T | null` ones may be null', () => {
    expect(accepts(startPaymentResponseSchema, { paymentId: 'p' })).toBe(true);
    expect(
      accepts(startPaymentResponseSchema, {
        paymentId: 'p',
        token: null,
        clientSecret: null,
        paymentIntentId: null,
      }),
    ).toBe(true);
    expect(accepts(wireDeviationSchema, { id: 'd', name: 'n' })).toBe(true);
    expect(accepts(wireDeviationSchema, { id: 'd', name: 'n', price: null })).toBe(true);
    expect(
      accepts(wirePaymentMethodSchema, { id: 'pm', type: 'VIVA_WALLET_WEB', stripeAccountId: null }),
    ).toBe(true);
  });

  it('§7 fields the contract does not mark nullable reject null', () => {
    const article = shopResponse().articles['p-1'];
    expect(accepts(wireArticleSchema, { ...article, category: null })).toBe(false);
    expect(accepts(wireArticleSchema, { ...article, tags: null })).toBe(false);
    expect(accepts(wireArticleSchema, { ...article, price: null })).toBe(false);
    expect(accepts(sessionResponseSchema, { ...sessionResponse(), cart: null })).toBe(false);
    expect(accepts(startPaymentResponseSchema, { paymentId: null })).toBe(false);
  });

  it('§7 optional fields reject null where the contract says `?: T` without null', () => {
    expect(accepts(receiptResponseSchema, { ...receiptResponse(), currency: null })).toBe(false);
    const company = { ...shopResponse().company, currency: null };
    expect(accepts(shopResponseSchema, { ...shopResponse(), company })).toBe(false);
  });

  it('§3 a missing customerInputs (documented as "absent or null") is read as null', () => {
    const wire = shopResponse();
    const { customerInputs: _ci, ...shop } = wire.shop;
    const parsed = v.safeParse(shopResponseSchema, { ...wire, shop });
    expect(parsed.success && parsed.output.shop.customerInputs).toBeNull();
  });

  it('§7 unknown keys are dropped, so only contract fields reach the mappers', () => {
    const parsed = v.parse(startPaymentResponseSchema, { paymentId: 'p', secretAdminFlag: true });
    expect(parsed).toEqual({ paymentId: 'p' });
  });

  it('§7 id-keyed records reject arrays and null', () => {
    expect(accepts(shopResponseSchema, { ...shopResponse(), deviations: [] })).toBe(false);
    expect(accepts(shopResponseSchema, { ...shopResponse(), deviationGroups: null })).toBe(false);
  });
});

describe('URL hygiene property (§3 logo and image URLs)', () => {
  it('§3 every accepted URL is http(s) or stays on the page origin, whatever the string', () => {
    const pieces = fc.constantFrom(
      '/',
      '\\',
      '//',
      ':',
      'javascript:',
      'http:',
      'https:',
      'data:',
      '\t',
      ' ',
      '\n',
      '.',
      'a',
      'evil.example',
      '%2F',
      '?',
      '#',
      '@',
    );
    const candidate = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(candidate, (raw) => {
        if (!isSafeUrl(raw)) return;
        const resolved = new URL(raw, 'https://shop.example/a/b');
        expect(['http:', 'https:']).toContain(resolved.protocol);
        if (raw.startsWith('/')) expect(resolved.origin).toBe('https://shop.example');
        else expect(/^https?:\/\//i.test(raw)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
