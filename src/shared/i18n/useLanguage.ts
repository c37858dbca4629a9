import { useTranslation } from './useTranslation';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

/**
 * The current product language in a component; re-renders when the language changes. Pass it to
 * `formatDateTime`, `formatWeekday`, `formatTime` and the money formatter.
 *
 * @returns 'se', 'en' or 'fi'
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}
