/**
 * Wire → store mapping at the API edge (DESIGN: "mapping wire types to store types at the edge"). Texts
 * stay plain strings (React escapes them); URLs and tag colours are sanitized here.
 *
 * An answer reaches these functions parsed by its schema, so it holds exactly the contract's fields (unknown
 * keys are dropped). Each mapper therefore writes only what differs between the wire and the store (a
 * renamed field, a default for an absent one, a sanitized value) and spreads the rest; a shape the store
 * keeps as it comes is not copied at all (the rule is at the top of src/contract/schemas.ts).
 * Bodies going out are the other way round: they are built field by field (toPutCartRequest), so whatever
 * else a store object carries never leaves the browser.
 */
import type {
  PutCartRequest,
  ReceiptResponse,
  SessionResponse,
  ShopResponse,
  WireActiveTab,
  WireArticle,
  WireCartItem,
} from '../../contract';
import { defaultCurrency } from '../../domain/money';
import type {
  ActiveTab,
  CartItem,
  Product,
  Receipt,
  Session,
  ShopData,
  TabSelection,
} from '../../domain/types';
import { safeHexColour, safeUrl } from './urlSanitizer';

/** Maps the shop load answer: id-keyed records become arrays, nulls become '' or [], URLs are sanitized. */
export function toShopData(wire: ShopResponse): ShopData {
  const { company, shop } = wire;
  return {
    shop: { ...shop, description: shop.description ?? '', refundPolicy: shop.refundPolicy ?? '' },
    company: {
      ...company,
      companyId: company.companyId ?? null,
      currency: defaultCurrency(company.country, company.currency),
      logo: safeUrl(company.logo),
    },
    products: Object.values(wire.articles).map(toProduct),
    categories: wire.categories.map(({ sortedProducts, ...category }) => ({
      ...category,
      productIds: sortedProducts,
    })),
    deviations: Object.values(wire.deviations).map((deviation) => ({
      ...deviation,
      price: deviation.price ?? null,
    })),
    deviationGroups: Object.values(wire.deviationGroups),
    tags: Object.values(wire.tags).map((tag) => ({ ...tag, color: safeHexColour(tag.color) })),
    paymentMethods: wire.paymentMethods.map((method) => ({
      ...method,
      stripeAccountId: method.stripeAccountId ?? null,
    })),
  };
}

/**
 * Maps one article to a store Product (category → categoryId, tags → tagIds, deviation groups flattened).
 * Field by field: a rest-and-spread copy of each article made mapping a 2,000-product shop about a hundred
 * times slower (tens of ms, on the server's render and on the phone), measured in issue 37.
 */
function toProduct(article: WireArticle): Product {
  return {
    id: article.id,
    title: article.title,
    description: article.description ?? '',
    price: article.price,
    image: safeUrl(article.image),
    categoryId: article.category,
    tagIds: article.tags,
    count: article.count,
    limitStock: article.limitStock,
    deviationGroupIds: article.availableDeviations?.deviationGroupes ?? [],
  };
}

/** Maps the cart (session) answer; an open tab's entries become flat TabEntry records. */
export function toSession({ cart, activeTab, ...same }: SessionResponse): Session {
  return {
    ...same,
    cart: cart.map(toCartItem),
    activeTab: activeTab === null ? null : toActiveTab(activeTab),
  };
}

/** A cart item as the store keeps it: an absent or null note is ''. */
export function toCartItem(item: WireCartItem): CartItem {
  return { ...item, description: item.description ?? '' };
}

function toActiveTab({ cart, ...same }: WireActiveTab): ActiveTab {
  return {
    ...same,
    entries: cart.map(({ product, description, beingPaid, ...entry }) => ({
      ...entry,
      productId: product.id,
      title: product.title,
      description: description ?? '',
      beingPaid: beingPaid ?? 0,
    })),
  };
}

/** Builds the PUT cart body: the cart items and the chosen tab entries as `{ id, count }` only (§7). */
export function toPutCartRequest(
  cart: readonly CartItem[],
  tabItems: readonly TabSelection[],
): PutCartRequest {
  return {
    cart: cart.map(({ id, productId, count, deviations, description }) => ({
      id,
      productId,
      count,
      deviations,
      description,
    })),
    tabItems: tabItems.map(({ id, count }) => ({ id, count })),
  };
}

/** Maps a receipt: currency defaults to SEK, deviation count to 1 (§3), a null description to ''. */
export function toReceipt(wire: ReceiptResponse): Receipt {
  return {
    ...wire,
    currency: wire.currency ?? 'SEK',
    products: wire.products.map((product) => ({
      ...product,
      description: product.description ?? '',
      deviations: product.deviations.map((deviation) => ({ ...deviation, count: deviation.count ?? 1 })),
    })),
  };
}
