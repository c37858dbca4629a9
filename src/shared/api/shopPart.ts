/**
 * The host's read of a shop for its render (issue 37): GET /api/v2/webshop/{shopId} with only the articles
 * its first render draws read. Its own module, imported by src/ssr alone: the page's bundle never reads a
 * shop this way and carries none of it.
 */
import * as v from 'valibot';

import type { WireArticle, WireCategory } from '../../contract';
import { shopResponseSchema, wireArticleSchema } from '../../contract/schemas';
import type { ShopData } from '../../domain/types';
import { createHttpClient } from './httpClient';
import { JsonEntries, parseJsonLazily } from './lazyJson';
import { shopPath, type ApiOptions } from './shopApi';
import { toShopData } from './wireMappers';

/** Which articles a render draws, from the shop's categories; null for all of them. */
export type ShopPick = (categories: readonly WireCategory[]) => readonly string[] | null;

/**
 * The shop answer with only the articles `pick` names (from the categories) read and vouched for, the others
 * left out unread: the host's render of a big shop draws a few dozen of its 2,000, and checking them all
 * was a fifth of its CPU (issue 37). The client reads the whole shop with {@link shopResponseSchema}, so an
 * article it cannot use still fails there. `pick` answering null reads every article.
 */
function shopPartSchema(pick: ShopPick) {
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
 * Reads shops as the host's render needs them: the articles `pick` names read and vouched for, the others
 * neither parsed nor checked (parseJsonLazily). Rejects as every API call does (a NetworkError, §8).
 */
export function createShopPartReader({ baseUrl = '', fetch }: ApiOptions) {
  const http = createHttpClient({ baseUrl, fetch });
  return async function getShopPart(shopId: string, pick: ShopPick, signal?: AbortSignal): Promise<ShopData> {
    const wire = await http.request({
      method: 'GET',
      path: shopPath(shopId),
      schema: shopPartSchema(pick),
      read: (body) => parseJsonLazily(body, 'articles'),
      signal,
    });
    return toShopData(wire);
  };
}
