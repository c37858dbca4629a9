/**
 * The shops as the routes see them: fixtures loaded from the database once per process and indexed for
 * lookups. Shop definitions never change while the server runs; only stock, tabs and sessions do, and those
 * are read from the database on every request.
 */
import type {
  Currency,
  ShopResponse,
  WireArticle,
  WireDeviation,
  WireDeviationGroup,
  WirePaymentMethod,
} from '../../contract';
import { orderReferenceOf } from '../../domain/addressText';
import { defaultCurrency } from '../../domain/money';
import { badRequest } from '../http/apiErrors';
import type { DemoDb } from '../store/demoDb';
import { readShopFixtures, reservedCounts, stockCounts } from '../store/demoRepository';
import type { FixtureDeviation, FixtureProduct, ShopFixture } from '../fixtures/fixtureTypes';

/** One shop with its lookup tables. */
export interface CatalogShop {
  fixture: ShopFixture;
  shopId: string;
  companyId: string;
  currency: Currency;
  products: Map<string, FixtureProduct>;
  deviations: Map<string, FixtureDeviation>;
  groups: Map<string, WireDeviationGroup>;
  /** Deviation ids a product may carry (the union of its groups' deviations). */
  allowedDeviations: Map<string, Set<string>>;
  methods: Map<string, WirePaymentMethod>;
  references: Set<string>;
}

function indexShop(fixture: ShopFixture): CatalogShop {
  const groups = new Map(fixture.deviationGroups.map((g) => [g.id, g]));
  const allowedDeviations = new Map<string, Set<string>>();
  for (const product of fixture.products) {
    const allowed = new Set<string>();
    for (const groupId of product.availableDeviations?.deviationGroupes ?? []) {
      for (const id of groups.get(groupId)?.deviationIds ?? []) allowed.add(id);
    }
    allowedDeviations.set(product.id, allowed);
  }
  return {
    fixture,
    shopId: fixture.shop.shopId,
    companyId: fixture.companyId,
    currency: defaultCurrency(fixture.company.country, fixture.company.currency),
    products: new Map(fixture.products.map((p) => [p.id, p])),
    deviations: new Map(fixture.deviations.map((d) => [d.id, d])),
    groups,
    allowedDeviations,
    methods: new Map(fixture.paymentMethods.map((m) => [m.id, m])),
    references: new Set(fixture.references),
  };
}

/** All shops, by shop id and by company id. */
export class ShopCatalog {
  private readonly byShop = new Map<string, CatalogShop>();
  private readonly byCompany = new Map<string, CatalogShop>();

  constructor(fixtures: ShopFixture[]) {
    for (const fixture of fixtures) {
      const shop = indexShop(fixture);
      this.byShop.set(shop.shopId, shop);
      this.byCompany.set(shop.companyId, shop);
    }
  }

  /** Loads what the database holds (the seeded fixtures). */
  static load(db: DemoDb): ShopCatalog {
    return new ShopCatalog(readShopFixtures(db));
  }

  shop(shopId: string): CatalogShop | undefined {
    return this.byShop.get(shopId);
  }

  company(companyId: string): CatalogShop | undefined {
    return this.byCompany.get(companyId);
  }

  all(): CatalogShop[] {
    return [...this.byShop.values()];
  }
}

/**
 * Stock of each limited product that is free to buy: physical stock less what pending payments reserve.
 * With `exceptSid`, that session's own pending payment is not subtracted, so a customer who started paying
 * still sees (and may keep in the cart) what they reserved. Never below 0, even if a reset lowered stock.
 */
export function unreservedStock(
  db: DemoDb,
  shopId: string,
  exceptSid: string | null = null,
): Map<string, number> {
  const stock = stockCounts(db, shopId);
  const reserved = reservedCounts(db, shopId, exceptSid);
  return new Map([...stock].map(([id, count]) => [id, Math.max(0, count - (reserved.get(id) ?? 0))]));
}

function wireArticle(product: FixtureProduct, stock: Map<string, number>): WireArticle {
  const { tax: _tax, ...article } = product;
  return product.limitStock ? { ...article, count: stock.get(product.id) ?? 0 } : article;
}

function wireDeviation(deviation: FixtureDeviation): WireDeviation {
  const { tax: _tax, ...wire } = deviation;
  return wire;
}

/** GET shop answer: the fixture in wire shape with the given stock counts (see `unreservedStock`). */
export function buildShopResponse(shop: CatalogShop, stock: Map<string, number>): ShopResponse {
  const { fixture } = shop;
  return {
    // The optional company id lets a card start that answers without a client secret fetch it (§7 intent call).
    company: { companyId: shop.companyId, ...fixture.company },
    shop: fixture.shop,
    articles: Object.fromEntries(fixture.products.map((p) => [p.id, wireArticle(p, stock)])),
    deviations: Object.fromEntries(fixture.deviations.map((d) => [d.id, wireDeviation(d)])),
    deviationGroups: Object.fromEntries(fixture.deviationGroups.map((g) => [g.id, g])),
    categories: fixture.categories,
    paymentMethods: fixture.paymentMethods,
    tags: Object.fromEntries(fixture.tags.map((t) => [t.id, t])),
  };
}

/** Price of one deviation in minor units (an extra without price is free). */
export function deviationPrice(deviation: FixtureDeviation | undefined): number {
  return deviation?.price?.amount ?? 0;
}

/**
 * The shop's known reference matching what a customer typed, or null. Table numbers are compared trimmed
 * and case-insensitively, and a bare '7' finds table '07' (the reference page's placeholder is '01').
 */
export function matchReference(shop: CatalogShop, typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  const candidates = [value, /^\d$/.test(value) ? value.padStart(2, '0') : value];
  for (const candidate of candidates) {
    for (const known of shop.references) if (known.toLowerCase() === candidate.toLowerCase()) return known;
  }
  return null;
}

/**
 * §5 an order reference a request sends (POST reference, startPayment): null when blank; one of a table's
 * shape, trimmed; anything else is a malformed request, refused (400 VALIDATION_ERROR) before anything changes.
 */
export function shapedReference(given: string | null | undefined, field: string): string | null {
  if (!given?.trim()) return null;
  const reference = orderReferenceOf(given);
  if (!reference) throw badRequest('VALIDATION_ERROR', `${field}: not an order reference`, 'BAD_REQUEST');
  return reference;
}
