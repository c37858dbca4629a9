/**
 * The next customer's menu at once (docs/kiosk.md, "The next customer"): a kiosk's reset opens a fresh page
 * (kioskSagas.ts resetKiosk), and that page draws the shop from the public answer the last page had, while
 * it asks for the live one at the same moment as ever (the early start's GET). How it crosses: the old page
 * keeps each live answer in the tab's sessionStorage, and the fresh page takes it (once) before its first
 * store render. The page, not the service worker: only the page knows the kiosk's language and when the
 * answer was live, the tab's storage dies with the tab, and the worker keeps its rule of never touching the
 * API (no answer of it in Cache Storage).
 *
 * Bounds: the same shop, the same start language, at most {@link CARRIED_MENU_MAX_AGE_MS} since it was
 * live, and never when the browser says it is offline (a menu that cannot be confirmed is not shown);
 * otherwise the page waits for the live answer as before. Only the shop's public answer crosses: no
 * session, cart, tab, payment, receipt or typed detail.
 */
import type { ShopData } from '../../domain/types';
import type { Language } from '../../shared/i18n/languages';
import { kioskDefaultLanguage } from './kioskMode';

/** The tab's sessionStorage key of the carried menu. */
export const CARRIED_MENU_KEY = 'kiosk.menu';
/** How old (since the live answer) a carried menu may be: 15 minutes. */
export const CARRIED_MENU_MAX_AGE_MS = 15 * 60_000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What crosses the reset. */
interface CarriedMenu {
  shopId: string;
  /** The language the kiosk's customers start in when the answer was live. */
  language: Language;
  /** When the answer was live (epoch ms). */
  at: number;
  shop: ShopData;
}

/** Keeps a live answer for the page the next reset opens. A full or refused storage keeps nothing. */
export function keepMenu(
  storage: Storage,
  shopId: string,
  shop: ShopData,
  setting: { language: Language | null },
  now: number,
): void {
  const menu: CarriedMenu = {
    shopId,
    language: kioskDefaultLanguage(setting, shop.company.currency),
    at: now,
    shop,
  };
  try {
    storage.setItem(CARRIED_MENU_KEY, JSON.stringify(menu));
  } catch {
    // The next page reads the shop from the network, as without it.
  }
}

const ENTITY_LISTS = [
  'products',
  'categories',
  'deviations',
  'deviationGroups',
  'tags',
  'paymentMethods',
] as const;

/** The shape this module writes; anything else in the key (an older build's, a hand's) is not used. */
function isCarriedMenu(value: unknown): value is CarriedMenu {
  const menu = value as Partial<CarriedMenu> | null;
  const shop = menu?.shop as Partial<Record<keyof ShopData, unknown>> | undefined;
  return (
    typeof menu?.shopId === 'string' &&
    typeof menu.language === 'string' &&
    typeof menu.at === 'number' &&
    typeof shop?.shop === 'object' &&
    shop.shop !== null &&
    typeof shop.company === 'object' &&
    shop.company !== null &&
    ENTITY_LISTS.every((list) => Array.isArray(shop[list]))
  );
}

/**
 * The menu the last page carried, taken once (the key is removed whatever it held), when it is this kiosk's
 * shop, in the language its next customer starts in, at most {@link CARRIED_MENU_MAX_AGE_MS} old, and the
 * browser is not offline; otherwise null.
 */
export function takeMenu(
  storage: Storage,
  here: { shopId: string; setting: { language: Language | null }; now: number; online: boolean },
): ShopData | null {
  let text: string | null;
  try {
    text = storage.getItem(CARRIED_MENU_KEY);
    storage.removeItem(CARRIED_MENU_KEY);
  } catch {
    return null;
  }
  if (!text || !here.online) return null;
  let menu: unknown;
  try {
    menu = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isCarriedMenu(menu) || menu.shopId !== here.shopId) return null;
  if (Math.abs(here.now - menu.at) > CARRIED_MENU_MAX_AGE_MS) return null;
  const language = kioskDefaultLanguage(here.setting, menu.shop.company.currency);
  return menu.language === language ? menu.shop : null;
}
