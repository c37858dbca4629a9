/**
 * The early start's settings that come from the code and the texts, not from the build's chunks
 * (webpack.config.ts adds the API base and the translation chunk URLs and writes the whole as
 * `#early-start-config`; the tests build the same settings).
 */
import { ORDER_REFERENCE_PATTERN } from '../domain/addressText';
import { MONEY_LOCALE } from '../domain/money';
import {
  htmlLang,
  intlLocale,
  languageRule,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../shared/i18n/languages';
import { NOT_SHOP_SEGMENTS } from '../shared/routes';

/** The part of a translations file (translations/{language}.json) the page needs before the app runs. */
export interface LoadingTexts {
  common: { loading: string };
  shop: { loading: string };
}

const byLanguage = <T>(value: (language: Language) => T): Record<Language, T> =>
  Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, value(language)])) as Record<
    Language,
    T
  >;

/**
 * @param texts - a language's texts
 * @returns `locales`: the Intl locales the first screen formats with, prices (`money`) and each language's
 *   dates; `loading`: per language, what index.html's spinner says (`shop` on a shop's address, `other`
 *   elsewhere) and the `lang` of those words; `language`: where the visitor names a language and which codes
 *   name which (the app's own rule, shared/i18n/languages.ts); `notShops`: the first segments of addresses
 *   that are no shop's (shared/routes.ts); `orderReference`: the shape of a table the cart may be asked with
 *   (§5, domain/addressText.ts)
 */
export function earlyStartSettings(texts: (language: Language) => LoadingTexts) {
  return {
    language: languageRule(),
    notShops: NOT_SHOP_SEGMENTS,
    orderReference: ORDER_REFERENCE_PATTERN.source,
    locales: { money: MONEY_LOCALE, ...byLanguage(intlLocale) },
    loading: byLanguage((language) => {
      const { common, shop } = texts(language);
      return { lang: htmlLang(language), shop: shop.loading, other: common.loading };
    }),
  };
}
