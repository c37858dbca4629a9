import type { Category, Product, ShopData } from '../../src/domain/types';
import { product, shopData } from './fixtures';

export const BIG_SHOP_CATEGORIES = 40;
export const BIG_SHOP_PRODUCTS_PER_CATEGORY = 50;

/**
 * A shop shaped like the demo's `bigshop`: 2,000 NO_IMAGE products in 40 categories of 50, some with a
 * description, a tag or a stock limit, every 97th with an (optional) gift-wrap extras group. Deterministic.
 */
export function bigShop(): ShopData {
  const products: Product[] = [];
  const categories: Category[] = [];
  for (let c = 0; c < BIG_SHOP_CATEGORIES; c += 1) {
    const categoryId = `b-cat-${String(c + 1).padStart(2, '0')}`;
    const productIds: string[] = [];
    for (let p = 0; p < BIG_SHOP_PRODUCTS_PER_CATEGORY; p += 1) {
      const n = c * BIG_SHOP_PRODUCTS_PER_CATEGORY + p + 1;
      const id = `b-${String(n).padStart(4, '0')}`;
      productIds.push(id);
      products.push(
        product(id, {
          title: `Item ${n}`,
          description: n % 3 === 0 ? `Article ${n} of the range.` : '',
          price: { amount: 500 + ((n * 7919) % 20000), currency: 'SEK' },
          categoryId,
          tagIds: n % 7 === 0 ? ['b-tag-eko'] : n % 20 === 0 ? ['b-tag-new'] : [],
          limitStock: n % 10 === 0,
          count: n % 10 === 0 ? n % 20 : 0,
          deviationGroupIds: n % 97 === 0 ? ['b-group-gift'] : [],
        }),
      );
    }
    categories.push({ id: categoryId, name: `Category ${c + 1}`, productIds });
  }
  const base = shopData();
  return {
    ...base,
    shop: {
      ...base.shop,
      shopId: 'bigshop',
      title: 'Big shop',
      displayType: 'NO_IMAGE',
      primaryColor: '#00695c',
    },
    products,
    categories,
    tags: [
      { id: 'b-tag-eko', tag: 'Organic', color: '#2e7d32' },
      { id: 'b-tag-new', tag: 'New', color: '#ad1457' },
    ],
    deviations: [
      { id: 'b-dev-wrap', name: 'Gift wrap', price: { amount: 2500, currency: 'SEK' } },
      { id: 'b-dev-card', name: 'Greeting card', price: { amount: 1500, currency: 'SEK' } },
    ],
    deviationGroups: [
      {
        id: 'b-group-gift',
        name: 'Gift',
        deviationIds: ['b-dev-wrap', 'b-dev-card'],
        minCount: null,
        maxCount: null,
      },
    ],
  };
}
