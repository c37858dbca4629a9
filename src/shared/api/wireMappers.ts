/**
 * Wire → store mapping at the API edge (DESIGN: "mapping wire types to store types at the edge"). Texts
 * stay plain strings (React escapes them); URLs and tag colours are sanitized here.
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
    shop: {
      shopId: shop.shopId,
      title: shop.title,
      description: shop.description ?? '',
      primaryColor: shop.primaryColor,
      backgroundColor: shop.backgroundColor,
      displayType: shop.displayType,
      openHours: shop.openHours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
      active: shop.active,
      isOpen: shop.isOpen,
      requireReference: shop.requireReference,
      refundPolicy: shop.refundPolicy ?? '',
      customerInputs: shop.customerInputs ?? null,
    },
    company: {
      companyId: company.companyId ?? null,
      name: company.name,
      organizationnumber: company.organizationnumber,
      street: company.street,
      postalCode: company.postalCode,
      city: company.city,
      phone: company.phone,
      email: company.email,
      country: company.country,
      currency: defaultCurrency(company.country, company.currency),
      logo: safeUrl(company.logo),
    },
    products: Object.values(wire.articles).map(toProduct),
    categories: wire.categories.map(({ id, name, sortedProducts }) => ({
      id,
      name,
      productIds: sortedProducts,
    })),
    deviations: Object.values(wire.deviations).map(({ id, name, price }) => ({
      id,
      name,
      price: price ?? null,
    })),
    deviationGroups: Object.values(wire.deviationGroups).map(
      ({ id, name, deviationIds, minCount, maxCount }) => ({
        id,
        name,
        deviationIds,
        minCount,
        maxCount,
      }),
    ),
    tags: Object.values(wire.tags).map(({ id, tag, color }) => ({ id, tag, color: safeHexColour(color) })),
    paymentMethods: wire.paymentMethods.map(({ id, type, stripeAccountId }) => ({
      id,
      type,
      stripeAccountId: stripeAccountId ?? null,
    })),
  };
}

/** Maps one article to a store Product (category → categoryId, tags → tagIds, deviation groups flattened). */
export function toProduct(a: WireArticle): Product {
  return {
    id: a.id,
    title: a.title,
    description: a.description ?? '',
    price: a.price,
    image: safeUrl(a.image),
    categoryId: a.category,
    tagIds: a.tags,
    count: a.count,
    limitStock: a.limitStock,
    deviationGroupIds: a.availableDeviations?.deviationGroupes ?? [],
  };
}

/** Maps the cart (session) answer; an open tab's entries become flat TabEntry records. */
export function toSession(wire: SessionResponse): Session {
  return {
    cart: wire.cart.map(toCartItem),
    tabItems: wire.tabItems.map(({ id, count }) => ({ id, count })),
    activeTab: wire.activeTab === null ? null : toActiveTab(wire.activeTab),
    paymentStatus: wire.paymentStatus,
    paymentId: wire.paymentId,
    paymentIntentId: wire.paymentIntentId,
    receiptId: wire.receiptId,
    paymentMethodId: wire.paymentMethodId,
    message: wire.message,
    orderReference: wire.orderReference,
  };
}

function toCartItem(item: WireCartItem): CartItem {
  return {
    id: item.id,
    productId: item.productId,
    count: item.count,
    deviations: item.deviations,
    description: item.description ?? '',
  };
}

function toActiveTab(tab: WireActiveTab): ActiveTab {
  return {
    id: tab.id,
    customerReference: tab.customerReference,
    entries: tab.cart.map((entry) => ({
      id: entry.id,
      count: entry.count,
      price: entry.price,
      productId: entry.product.id,
      title: entry.product.title,
      deviations: entry.deviations.map(({ id, name, price }) => ({ id, name, price })),
      description: entry.description ?? '',
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
    id: wire.id,
    receiptId: wire.receiptId,
    name: wire.name,
    organizationnumber: wire.organizationnumber,
    street: wire.street,
    postalcode: wire.postalcode,
    city: wire.city,
    phone: wire.phone,
    currency: wire.currency ?? 'SEK',
    products: wire.products.map((p) => ({
      id: p.id,
      title: p.title,
      count: p.count,
      price: p.price,
      sizeOfItem: p.sizeOfItem,
      description: p.description ?? '',
      tax: p.tax,
      discount: p.discount === null ? null : { type: p.discount.type, amount: p.discount.amount },
      deviations: p.deviations.map((d) => ({
        id: d.id,
        name: d.name,
        count: d.count ?? 1,
        price: d.price,
        tax: d.tax,
      })),
    })),
    paymentMethods: wire.paymentMethods.map(({ id, type, amount }) => ({ id, type, amount })),
    dateCreated: wire.dateCreated,
    cashRegisterLabel: wire.cashRegisterLabel,
    controlUnitSerial: wire.controlUnitSerial,
    controlUnitResponse: wire.controlUnitResponse,
  };
}
