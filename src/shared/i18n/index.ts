export {
  SUPPORTED_LANGUAGES,
  FALLBACK_LANGUAGE,
  type Language,
  isLanguage,
  parseLanguage,
  toLanguage,
  intlLocale,
  htmlLang,
} from './languages';
export {
  NAMESPACE,
  type InitI18nOptions,
  initI18n,
  loadTranslations,
  currentLanguage,
  setLanguage,
  visitorLanguage,
} from './i18n';
export { formatDateTime, formatWeekday, formatTime, formatNumber } from './format';
export { useLanguage } from './useLanguage';
export { intlLocalePlugin } from './intlLocalePlugin';
