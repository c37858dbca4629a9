/**
 * i18next setup (SPEC §1): Swedish ('se'), English and Finnish, English as fallback; the language comes
 * from the query parameter `lng`, then the cookie `i18next`, then local storage `i18nextLng`.
 * Translations are loaded lazily, one webpack chunk per language, so a visitor downloads only their
 * language plus the English fallback.
 */
import i18next, { type i18n, type InitOptions, type ResourceKey, type ResourceLanguage } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { intlLocalePlugin } from './intlLocalePlugin';
import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  htmlLang,
  isLanguage,
  parseLanguage,
  toLanguage,
  type Language,
} from './languages';

/** The single namespace; translation files are one nested JSON object per language. */
export const NAMESPACE = 'translation';

/** Language detection of SPEC §1. */
export const DETECTION_OPTIONS: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  caches: ['localStorage'],
  // 'sv', 'sv-SE', 'fi-FI', 'en-US' … become our codes. A code that is none of ours stays as it is so
  // i18next skips it and tries the next source (an unknown `?lng=xx` does not hide a cookie 'fi');
  // when no source names a language of ours, i18next falls back to English.
  convertDetectedLanguage: (code: string): string => parseLanguage(code) ?? code,
};

/** Options of {@link initI18n}. */
export interface InitI18nOptions {
  /** Use this language and skip detection. */
  lng?: Language;
  /**
   * Translations given in advance, i18next's shape (`{ se: { translation: {...} } }`). When set, nothing
   * is loaded lazily (tests, storybook-like harnesses).
   */
  resources?: Partial<Record<Language, ResourceLanguage>>;
  /** Overrides of {@link DETECTION_OPTIONS}. */
  detection?: DetectorOptions;
}

/**
 * Loads one language's translations as its own webpack chunk. Only the product's languages are loaded:
 * the code reaches here from the URL, so anything else is refused rather than turned into a path.
 *
 * @param lng - the language i18next asks for
 * @returns the language's nested translation object
 */
export async function loadTranslations(lng: string): Promise<ResourceKey> {
  if (!isLanguage(lng)) throw new Error(`No translations for language '${lng}'`);
  const module: { default: ResourceKey } = await import(
    /* webpackChunkName: "i18n-[request]", webpackInclude: /(se|en|fi)\.json$/ */
    `../../../translations/${lng}.json`
  );
  return module.default;
}

/**
 * The language each instance found in the visitor's own settings, or null when it fell back to English.
 * Keyed by the instance's `services`: `useTranslation` hands components a copy of the instance, which
 * shares that object.
 */
const visitorLanguages = new WeakMap<object, Language | null>();

/**
 * The first product language that one of the §1 sources (query `lng`, cookie `i18next`, local storage
 * `i18nextLng`, in the detection order) names, or null when none does.
 */
function languageNamedByVisitor(detection: DetectorOptions): Language | null {
  const probe = new LanguageDetector(undefined, detection);
  for (const source of detection.order ?? []) {
    const found: unknown = probe.detect([source]);
    const code = Array.isArray(found) ? (found as unknown[])[0] : found;
    const lng = typeof code === 'string' ? parseLanguage(code) : undefined;
    if (lng) return lng;
  }
  return null;
}

/** Keeps `<html lang>` in BCP 47 ('sv' for our 'se'), so screen readers read with the right voice. */
function syncHtmlLang(lng: string | undefined): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = htmlLang(toLanguage(lng));
}

/**
 * Creates and initialises a new i18next instance (never the global one, so tests and the app do not
 * share state), wired to react-i18next. Resolves once the chosen language and the English fallback are
 * loaded.
 *
 * @param options - a fixed language, bundled resources or detection overrides; all optional
 * @returns the initialised instance
 */
export async function initI18n(options: InitI18nOptions = {}): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(initReactI18next).use(intlLocalePlugin);
  if (!options.resources) {
    instance.use(resourcesToBackend((lng: string) => loadTranslations(lng)));
  }
  instance.on('languageChanged', syncHtmlLang);

  const detection = { ...DETECTION_OPTIONS, ...options.detection };
  const named = options.lng ?? languageNamedByVisitor(detection);
  const config: InitOptions = {
    supportedLngs: SUPPORTED_LANGUAGES,
    fallbackLng: FALLBACK_LANGUAGE,
    // Our codes have no region part; 'currentOnly' loads exactly 'se'/'fi' plus 'en', never a variant.
    load: 'currentOnly',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // i18next would store the English fallback too, and a later visit would then look like a visitor who
    // chose English (pages that default to Swedish, §2, could no longer tell): store only a named one.
    detection: named === null ? { ...detection, caches: [] } : detection,
    // React escapes rendered text itself; escaping here would show '&amp;' in shop names.
    interpolation: { escapeValue: false },
    returnNull: false,
  };
  if (options.lng) config.lng = options.lng;
  if (options.resources) config.resources = options.resources;

  await instance.init(config);
  visitorLanguages.set(instance.services, named);
  syncHtmlLang(instance.resolvedLanguage ?? instance.language);
  return instance;
}

/**
 * The instance's current language as a product code (for `format.ts` and money formatting).
 *
 * @param instance - an initialised i18next instance
 * @returns 'se', 'en' or 'fi'
 */
export function currentLanguage(instance: i18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

/**
 * The language the visitor asked for through a §1 source (query `lng`, cookie `i18next`, local storage
 * `i18nextLng`), an explicit `lng` option or {@link setLanguage}; null when the instance only fell back to
 * English. Pages whose texts §2 gives in Swedish use Swedish then.
 *
 * @param instance - an instance made by {@link initI18n}
 * @returns 'se', 'en', 'fi' or null
 */
export function visitorLanguage(instance: i18n): Language | null {
  return visitorLanguages.get(instance.services) ?? null;
}

/**
 * Switches language from any code (a picker value, 'sv-SE' …), mapping it to a product language first.
 * The detector remembers the choice in local storage; `<html lang>` follows.
 *
 * @param instance - an initialised i18next instance
 * @param code - the wanted language in any spelling
 * @returns the product language now in use
 */
export async function setLanguage(instance: i18n, code: string): Promise<Language> {
  const lng = toLanguage(code);
  await instance.changeLanguage(lng);
  visitorLanguages.set(instance.services, lng);
  // An instance that started on the fallback stores nothing by itself (see initI18n): remember the choice.
  instance.services.languageDetector?.cacheUserLanguage?.(lng, DETECTION_OPTIONS.caches);
  return lng;
}
