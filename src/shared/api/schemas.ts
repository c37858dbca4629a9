/**
 * The schemas the API edge parses §7 answers with. The wire shapes, and the rule for where a wire field is
 * written, are the contract's (src/contract/schemas.ts); what is added here is the SPA's own reading,
 * written as overrides of the contract's entries: the 400 body read leniently and a safe-URL check on the
 * integration URL. No field is added here: an override only changes how an existing one is read.
 */
import * as v from 'valibot';

import type { WireArticle, WireCategory } from '../../contract';
import {
  errorResponseSchema as wireErrorResponseSchema,
  integrationUrlResponseSchema as wireIntegrationUrlResponseSchema,
  shopResponseSchema,
  wireArticleSchema,
} from '../../contract/schemas';
import { JsonEntries } from './lazyJson';
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
 * The shop answer with only the articles `pick` names (from the categories) read and vouched for, the others
 * left out unread: the host's render of a big shop draws a few dozen of its 2,000, and checking them all
 * was a fifth of its CPU (issue 37). The client reads the whole shop with {@link shopResponseSchema}, so an
 * article it cannot use still fails there. `pick` answering null reads every article.
 */
export function shopPartSchema(pick: (categories: readonly WireCategory[]) => readonly string[] | null) {
  return v.pipe(
    v.object({
      ...shopResponseSchema.entries,
      // An object keyed by id, its entries still unparsed (parseJsonLazily): the picked ones are read below.
      articles: v.instance(JsonEntries, 'Expected an object keyed by id'),
    }),
    v.rawTransform(({ dataset: { value }, addIssue, NEVER }) => {
      const articles: Record<string, WireArticle> = {};
      for (const id of pick(value.categories) ?? value.articles.keys()) {
        if (!value.articles.has(id)) continue;
        let result;
        try {
          result = v.safeParse(wireArticleSchema, value.articles.get(id));
        } catch {
          addIssue({ message: `articles.${id}: not JSON` });
          return NEVER;
        }
        if (!result.success) {
          addIssue({ message: `articles.${id}: ${result.issues[0].message}` });
          return NEVER;
        }
        articles[id] = result.output;
      }
      return { ...value, articles };
    }),
  );
}

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
