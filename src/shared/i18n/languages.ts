/**
 * The product's languages (SPEC §1) and the mapping between the product's own codes and the codes that
 * browsers and `Intl` understand. The product calls Swedish 'se', which to BCP 47 and `Intl` is Northern
 * Sami: every place that hands a language to the platform must go through `intlLocale` or `htmlLang`.
 */

/** The product's language codes: Swedish ('se', the product's code), English, Finnish. */
export const SUPPORTED_LANGUAGES = ['se', 'en', 'fi'] as const;

/** One of the product's language codes. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * The id of the data block a page rendered by the host carries (app/renderedPage.ts); on such a page
 * `<html lang>` is the language it was rendered in.
 */
export const RENDERED_PAGE_ID = 'rendered-page';

/** The language used when nothing else is known or a text is missing (SPEC §1). */
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * Tells whether a value is one of the product's language codes, exactly as the product spells it.
 *
 * @param code - any value
 * @returns true for 'se', 'en' and 'fi'
 */
export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/**
 * Where a visitor names a language (SPEC §1), in this order: the query parameter, the cookie, local storage.
 * The app, the host's render (no storage there) and the early start read the same three.
 */
export const LANGUAGE_SOURCES = { query: 'lng', cookie: 'i18next', storage: 'i18nextLng' } as const;

/** The language cookie in a `Cookie` header or `document.cookie`, its raw value captured. */
const LANGUAGE_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_SOURCES.cookie}=([^;]*)`);

/**
 * What a raw code must look like once trimmed and lower-cased: a BCP 47 or POSIX-style tag ('sv', 'sv-se',
 * 'sv_se', 'en-us-x-priv'), its primary subtag captured.
 */
const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/;

/** Northern Sami's primary subtag: our Swedish in §1's sources, but Sami in a browser's (BCP 47) tags. */
const SAMI = 'se';

/** The primary subtags that name one of our languages: 'sv' is Swedish to everyone but the product. */
const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { se: 'se', sv: 'se', fi: 'fi', en: 'en' };

/**
 * Reads a language code from the outside world (query string, cookie, storage, a picker, a browser
 * locale) and returns the product's code for it, or undefined when it names none of our languages.
 *
 * Accepts the product codes, BCP 47 tags and POSIX-style tags, case-insensitively: 'se', 'sv',
 * 'sv-SE', 'sv_SE', 'sv-FI' → 'se'; 'fi', 'fi-FI' → 'fi'; 'en', 'en-GB', 'en_US' → 'en'. What is no tag
 * ('sv-', 'sv.UTF-8', 'sv-<b>') names none. A browser's tag (`browser`: BCP 47 in `navigator.languages` or
 * `Accept-Language`, issue 39) is read the same, but 'se' there is Northern Sami, not our Swedish.
 *
 * @param code - the raw code, possibly null or undefined
 * @param browser - the code is one of a browser's preferred languages
 * @returns the product's language, or undefined if the code is not one of ours
 */
export function parseLanguage(code: string | null | undefined, browser = false): Language | undefined {
  if (typeof code !== 'string') return undefined;
  const primary = LANGUAGE_TAG.exec(code.trim().toLowerCase())?.[1];
  return primary !== undefined &&
    !(browser && primary === SAMI) &&
    Object.prototype.hasOwnProperty.call(LANGUAGE_ALIASES, primary)
    ? LANGUAGE_ALIASES[primary]
    : undefined;
}

/**
 * The language cookie's value, percent-decoded (a writer may have encoded it).
 *
 * @param cookies - a `Cookie` header or `document.cookie`, possibly null
 * @returns the raw code, or null when there is no such cookie or it is not valid percent-encoding
 */
export function languageCookie(cookies: string | null | undefined): string | null {
  const value = LANGUAGE_COOKIE.exec(cookies ?? '')?.[1];
  try {
    return value ? decodeURIComponent(value) : null;
  } catch {
    return null;
  }
}

/**
 * The first product language that §1's sources name, in their order. A code that is none of ours is
 * skipped: an unknown `?lng=xx` does not hide a cookie 'fi'.
 *
 * @param codes - the raw codes of the sources, first to last
 * @param browser - they are a browser's preferred languages (parseLanguage)
 * @returns 'se', 'en' or 'fi', or null when none names one
 */
export function namedLanguage(
  codes: readonly (string | null | undefined)[],
  browser = false,
): Language | null {
  for (const code of codes) {
    const lng = parseLanguage(code, browser);
    if (lng) return lng;
  }
  return null;
}

/**
 * The first of a browser's preferred languages, most preferred first, that is one of ours (issue 39): a
 * Swedish phone ('sv-SE', then 'en-US') gets Swedish, a German one that also reads Finnish ('de-DE', 'fi')
 * gets Finnish. What is no tag, or names none of ours ('*', 'de', 'se' = Northern Sami), is skipped.
 *
 * @param tags - BCP 47 tags in order of preference (`navigator.languages`, or `Accept-Language` sorted by q)
 * @returns 'se', 'en' or 'fi', or null when none of the tags is one of ours
 */
export const preferredLanguage = (tags: readonly (string | null | undefined)[]): Language | null =>
  namedLanguage(tags, true);

/**
 * The visitor's language (§1, issue 39), one rule for the host's render, the early start and the app: the
 * first of §1's sources that names one of ours; else the language the host rendered the page in (so a
 * rendered page hydrates as it is); else the browser's preferred languages; else English.
 *
 * @param named - the raw codes of §1's sources a side can see, in §1's order (`?lng`, cookie, local storage)
 * @param preferences - the browser's preferred languages, most preferred first
 * @param rendered - the language the host rendered this page in (the client only), or null
 * @returns 'se', 'en' or 'fi'
 */
export function visitorLanguageOf(
  named: readonly (string | null | undefined)[],
  preferences: readonly (string | null | undefined)[],
  rendered?: Language | null | false,
): Language {
  return namedLanguage(named) ?? (rendered || namedLanguage(preferences, true)) ?? FALLBACK_LANGUAGE;
}

/**
 * The rules above as plain data, for the early start: a script without imports, which gets them in its
 * settings JSON (src/earlyStart/settings.ts) and applies them as {@link languageCookie} and
 * {@link parseLanguage} do, and {@link visitorLanguageOf} with `navigator.languages` (and the rendered page's
 * `<html lang>`) as {@link preferredLanguage} does.
 */
export const languageRule = () => ({
  query: LANGUAGE_SOURCES.query,
  cookie: LANGUAGE_COOKIE.source,
  storage: LANGUAGE_SOURCES.storage,
  tag: LANGUAGE_TAG.source,
  aliases: LANGUAGE_ALIASES,
  sami: SAMI,
  fallback: FALLBACK_LANGUAGE,
});

/**
 * Maps any language code to one of the product's languages, falling back to English (SPEC §1).
 *
 * @param code - the raw code, possibly null or undefined
 * @returns 'se' for Swedish codes, 'fi' for Finnish ones, otherwise 'en'
 */
export function toLanguage(code: string | null | undefined): Language {
  return parseLanguage(code) ?? FALLBACK_LANGUAGE;
}

const INTL_LOCALES: Record<Language, string> = { se: 'sv-SE', fi: 'fi-FI', en: 'en-GB' };
const HTML_LANGS: Record<Language, string> = { se: 'sv', fi: 'fi', en: 'en' };

/**
 * The locale to hand to `Intl` for a product language. 'se' must become 'sv-SE': `Intl` reads 'se' as
 * Northern Sami and would print Sami month and weekday names and use Sami plural rules.
 *
 * @param lng - a product language
 * @returns 'sv-SE', 'fi-FI' or 'en-GB'
 */
export function intlLocale(lng: Language): string {
  return INTL_LOCALES[lng];
}

/**
 * The value for `<html lang>` for a product language (BCP 47, so Swedish is 'sv', not 'se'). Screen
 * readers pick their voice from it.
 *
 * @param lng - a product language
 * @returns 'sv', 'fi' or 'en'
 */
export function htmlLang(lng: Language): string {
  return HTML_LANGS[lng];
}
