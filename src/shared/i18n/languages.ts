/**
 * The product's languages (SPEC §1) and the mapping between the product's own codes and the codes that
 * browsers and `Intl` understand. The product calls Swedish 'se', which to BCP 47 and `Intl` is Northern
 * Sami: every place that hands a language to the platform must go through `intlLocale` or `htmlLang`.
 */

/** The product's language codes: Swedish ('se', the product's code), English, Finnish. */
export const SUPPORTED_LANGUAGES = ['se', 'en', 'fi'] as const;

/** One of the product's language codes. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

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
 * Reads a language code from the outside world (query string, cookie, storage, a picker, a browser
 * locale) and returns the product's code for it, or undefined when it names none of our languages.
 *
 * Accepts the product codes, BCP 47 tags and POSIX-style tags, case-insensitively: 'se', 'sv',
 * 'sv-SE', 'sv_SE', 'sv-FI' → 'se'; 'fi', 'fi-FI' → 'fi'; 'en', 'en-GB', 'en_US' → 'en'.
 *
 * @param code - the raw code, possibly null or undefined
 * @returns the product's language, or undefined if the code is not one of ours
 */
export function parseLanguage(code: string | null | undefined): Language | undefined {
  if (typeof code !== 'string') return undefined;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  switch (primary) {
    case 'se':
    case 'sv':
      return 'se';
    case 'fi':
      return 'fi';
    case 'en':
      return 'en';
    default:
      return undefined;
  }
}

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
