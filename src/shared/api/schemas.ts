/**
 * The schemas the API edge parses §7 answers with. The wire shapes, and the rule for where a wire field is
 * written, are the contract's (src/contract/schemas.ts); what is added here is the SPA's own reading,
 * written as overrides of the contract's entries: the 400 body read leniently and a safe-URL check on the
 * integration URL. No field is added here: an override only changes how an existing one is read.
 */
import * as v from 'valibot';

import {
  errorResponseSchema as wireErrorResponseSchema,
  integrationUrlResponseSchema as wireIntegrationUrlResponseSchema,
  shopResponseSchema,
} from '../../contract/schemas';
import { isSafeUrl } from './urlSanitizer';

export {
  paymentIntentResponseSchema,
  receiptPdfResponseSchema,
  receiptResponseSchema,
  sessionResponseSchema,
  startPaymentResponseSchema,
  stockLevelSchema,
} from '../../contract/schemas';

export { shopResponseSchema };

const { entries: wireError } = wireErrorResponseSchema;

/**
 * The §8 400 body. Read leniently on purpose (a missing errorCode or a null message still yields the
 * server's name), so this is a superset of the contract's ErrorResponse.
 */
export const errorResponseSchema = v.object({
  ...wireError,
  errorCode: v.nullish(wireError.errorCode),
  message: v.nullish(wireError.message.wrapped),
});

/** The integration URL is followed by the browser: only an http(s) URL or a same-origin path is taken. */
export const integrationUrlResponseSchema = v.object({
  ...wireIntegrationUrlResponseSchema.entries,
  integrationUrl: v.pipe(
    wireIntegrationUrlResponseSchema.entries.integrationUrl,
    v.check(isSafeUrl, 'Expected an http(s) URL or a same-origin path'),
  ),
});
