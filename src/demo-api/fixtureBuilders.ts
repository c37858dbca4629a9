/** Small builders shared by the fixture files. */
import type { Currency, WireCategory } from '../contract';
import type { FixtureProduct } from './fixtureTypes';

/** Same-origin URL of a generated demo image. */
export function imageUrl(name: string): string {
  return `/demo/images/${name}.svg`;
}

interface ProductOptions {
  description?: string | null;
  tags?: string[];
  groups?: string[];
  stock?: number;
  image?: boolean;
  tax?: number;
}

/** Builds a product; prices are in minor units. */
export function makeProduct(
  id: string,
  title: string,
  price: number,
  currency: Currency,
  category: string,
  defaultTax: number,
  options: ProductOptions = {},
): FixtureProduct {
  return {
    id,
    title,
    description: options.description ?? null,
    price: { amount: price, currency },
    image: options.image === false ? null : imageUrl(id),
    category,
    tags: options.tags ?? [],
    count: options.stock ?? 0,
    limitStock: options.stock !== undefined,
    availableDeviations: options.groups ? { deviationGroupes: options.groups } : null,
    tax: options.tax ?? defaultTax,
  };
}

/** Categories in display order, each listing its products in fixture order. */
export function categoriesOf(names: [string, string][], products: FixtureProduct[]): WireCategory[] {
  return names.map(([id, name]) => ({
    id,
    name,
    sortedProducts: products.filter((p) => p.category === id).map((p) => p.id),
  }));
}
