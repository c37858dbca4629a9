/**
 * Node 24.21.0's JSON.parse can misread an object key written with an escape: after the JSON text {"a":1,"b\\":2}
 * (its second key ends in a backslash) it reads {"a":1,"b\"":2} with the key b\ instead of b"
 * (docs/development.md, "Node versions", has the reproduction). The host's render reads shops in Node. A
 * shop's products, extras and tags are keyed by id, so this proves on Node 24 (CI runs this file there too:
 * scripts/node24.sh) that such a shop still renders right: the render takes each id from the entry itself,
 * never from its key. Should it ever read keys, this test fails on Node 24.
 */
import { createStorePageRenderer } from '../../src/ssr/renderStorePage';
import { indexTemplate } from '../helpers/indexTemplate';
import { shopResponse } from '../shared/api/wireFixtures';

/** A shop of Coffee ('p-1') and, after it, these products (id → title), in this order. */
function shopWith(products: Record<string, string>) {
  const shop = shopResponse();
  const coffee = shop.articles['p-2']!;
  shop.articles = { 'p-1': { ...coffee, id: 'p-1' } };
  for (const [id, title] of Object.entries(products)) shop.articles[id] = { ...coffee, id, title };
  shop.categories = [{ id: 'c-1', name: 'Food', sortedProducts: Object.keys(shop.articles) }];
  return shop;
}

describe('docs/product-rules.md §8 a shop answer whose keys are written with escapes', () => {
  it('renders every product, also after another shop whose keys differ only by the escape', async () => {
    const answers: Record<string, unknown> = {
      'https://api.example/api/v2/webshop/first': shopWith({ 'bulle\\': 'Bulle med snedstreck' }),
      // After the first shop, Node 24.21.0's JSON.parse names this one's second key bulle\ (its entry says bulle").
      'https://api.example/api/v2/webshop/second': shopWith({ 'bulle"': 'Bulle med citattecken' }),
    };
    const render = createStorePageRenderer({
      indexHtml: indexTemplate(),
      documentHeaders: {},
      apiBaseUrl: 'https://api.example',
      fetch: (input: RequestInfo | URL) =>
        Promise.resolve(
          new Response(JSON.stringify(answers[String(input)]), {
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      onError: jest.fn(),
    });
    /** The products the page draws, in order: the id a tap opens, and the title. */
    const products = async (shopId: string) => {
      const html = await (await render(new Request(`https://shop.example/${shopId}?lng=se`))).text();
      return [
        ...html.matchAll(/class="store-title"><button [^>]*data-tap="open:([^"]*)"[^>]*>([^<]*)</g),
      ].map(([, id, title]) => [id, title]);
    };
    expect(await products('first')).toEqual([
      ['p-1', 'Coffee'],
      ['bulle\\', 'Bulle med snedstreck'],
    ]);
    expect(await products('second')).toEqual([
      ['p-1', 'Coffee'],
      ['bulle&quot;', 'Bulle med citattecken'],
    ]);
  });
});
