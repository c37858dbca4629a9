/**
 * Types `t()` and `useTranslation()` against the English file: a key that is not in the translations is
 * a compile error (DESIGN rule 8), and plural keys are used without their `_one`/`_other` suffix.
 * The three files hold the same keys (checked by __tests__/shared/i18n/translations.test.ts).
 */
import 'i18next';
import type en from '../../../translations/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
