/**
 * i18next setup (SPEC §1): Swedish ('se'), English and Finnish, English as fallback; the language comes
 * from the query parameter `lng`, then the cookie `i18next`, then local storage `i18nextLng`, then (issue 39)
 * the language of the page the host rendered, then the browser's preferred languages.
 * Translations are loaded lazily, one webpack chunk per language, so a visitor downloads only their
 * language plus the English fallback.
 */
import i18next, { type i18n, type InitOptions, type ResourceKey, type ResourceLanguage } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { intlLocalePlugin } from './intlLocalePlugin';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_SOURCES,
  RENDERED_PAGE_ID,
  SUPPORTED_LANGUAGES,
  htmlLang,
  isLanguage,
  languageCookie,
  namedLanguage,
  parseLanguage,
  toLanguage,
  visitorLanguageOf,
  type Language,
} from './languages';

/** The single namespace; translation files are one nested JSON object per language. */
export const NAMESPACE = 'translation';

/** Options of {@link initI18n}. */
export interface InitI18nOptions {
  /** Use this language and skip detection. */
  lng?: Language;
  /**
   * Translations given in advance, i18next's shape (`{ se: { translation: {...} } }`). When set, nothing
   * is loaded lazily (tests, storybook-like harnesses).
   */
  resources?: Partial<Record<Language, ResourceLanguage>>;
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
 * Keyed by the instance's `services`: react-i18next's `useTranslation` (pages in a fixed language) hands
 * components a copy of the instance, which shares that object.
 */
const visitorLanguages = new WeakMap<object, Language | null>();

/** Local storage, which some private modes refuse: reading gives null, writing does nothing. */
const storedLanguage = {
  get: (): string | null => {
    try {
      return window.localStorage.getItem(LANGUAGE_SOURCES.storage);
    } catch {
      return null;
    }
  },
  set: (lng: Language): void => {
    if (typeof window === 'undefined') return; // a server render remembers nothing
    // Also a cookie: the host that renders the store page (src/ssr) reads it, where it cannot see storage.
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANGUAGE_SOURCES.cookie}=${lng}; path=/; max-age=31536000; SameSite=Lax${secure}`;
    try {
      window.localStorage.setItem(LANGUAGE_SOURCES.storage, lng);
    } catch {
      // not remembered: the next visit falls back again
    }
  },
};

/**
 * The visitor's language by the rule the host's render and the early start apply too (languages.ts,
 * `visitorLanguageOf`): §1's sources ('sv', 'sv-SE', 'fi-FI', 'en-US' … count as ours), then the language a
 * page rendered by the host was written in (its `<html lang>`, so it hydrates as it is), then the browser's
 * preferred languages (issue 39), then English. `named` is what §1's sources named, or null.
 */
function detectLanguage(): [language: Language, named: Language | null] {
  if (typeof window === 'undefined') return [FALLBACK_LANGUAGE, null];
  const codes = [
    new URLSearchParams(window.location.search).get(LANGUAGE_SOURCES.query),
    languageCookie(document.cookie),
    storedLanguage.get(),
  ];
  const rendered = document.getElementById(RENDERED_PAGE_ID) && parseLanguage(document.documentElement.lang);
  return [visitorLanguageOf(codes, navigator.languages, rendered), namedLanguage(codes)];
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
  instance.use(initReactI18next).use(intlLocalePlugin);
  if (!options.resources) {
    instance.use(resourcesToBackend((lng: string) => loadTranslations(lng)));
  }
  instance.on('languageChanged', syncHtmlLang);

  const [language, named] = options.lng ? [options.lng, options.lng] : detectLanguage();
  // Only a language the visitor named is remembered: storing the English fallback would make a later visit
  // look like a visitor who chose English (pages that default to Swedish, §2, could no longer tell). It is
  // remembered now, as it was read (§1): after the wait for the translations below it would be stale, and
  // would overwrite what another page or the visitor stored meanwhile (a page left while it loads).
  if (named !== null) storedLanguage.set(named);
  const config: InitOptions = {
    supportedLngs: SUPPORTED_LANGUAGES,
    fallbackLng: FALLBACK_LANGUAGE,
    // Our codes have no region part; 'currentOnly' loads exactly 'se'/'fi' plus 'en', never a variant.
    load: 'currentOnly',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    lng: language,
    // React escapes rendered text itself; escaping here would show '&amp;' in shop names.
    interpolation: { escapeValue: false },
    returnNull: false,
  };
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
 * `i18nextLng`), an explicit `lng` option or {@link setLanguage}; null when no source named one (the language
 * then came from the rendered page, the browser's preferences or the English fallback). Pages whose texts §2
 * gives in Swedish use Swedish then.
 *
 * @param instance - an instance made by {@link initI18n}
 * @returns 'se', 'en', 'fi' or null
 */
export function visitorLanguage(instance: i18n): Language | null {
  return visitorLanguages.get(instance.services) ?? null;
}

/**
 * Switches language from any code (a picker value, 'sv-SE' …), mapping it to a product language first.
 * The choice is remembered in local storage; `<html lang>` follows.
 *
 * @param instance - an initialised i18next instance
 * @param code - the wanted language in any spelling
 * @returns the product language now in use
 */
export async function setLanguage(instance: i18n, code: string): Promise<Language> {
  const lng = toLanguage(code);
  await instance.changeLanguage(lng);
  visitorLanguages.set(instance.services, lng);
  storedLanguage.set(lng);
  return lng;
}
