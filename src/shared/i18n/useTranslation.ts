import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/** One subscription function per instance, so React keeps its subscription across renders. */
const languageChanges = new WeakMap<I18n, (onChange: () => void) => () => void>();

function subscribeTo(i18n: I18n): (onChange: () => void) => () => void {
  let subscribe = languageChanges.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    languageChanges.set(i18n, subscribe);
  }
  return subscribe;
}

/**
 * The app's `t` and i18next instance in a component, re-rendered when the language changes: react-i18next's
 * `useTranslation` for an app whose translations are loaded before it renders. That hook copies the whole
 * i18next instance on every mount (to give each language its own object) and merges its options on every
 * render: a tenth of the store page's render on the server (issue 37) and of its hydration on a phone. Here
 * the instance stays the same object and `t` is a new function when the language changes.
 *
 * A page shown in a fixed language that may not be loaded yet (`{ lng: 'se' }`) uses react-i18next's own
 * hook, which loads it first.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const language = () => i18n.language;
  const shown = useSyncExternalStore(subscribeTo(i18n), language, language);
  return useMemo(() => ({ t: fixedT(i18n, shown), i18n }), [i18n, shown]);
}

/**
 * `t` in one language: `i18n.getFixedT(language)` without its cost. i18next's fixed `t` copies the instance's
 * whole options into a new object on every call (to resolve key selectors and prefixes, which the app does not
 * use): a third of the time a store page's render spends in i18next, for every text of every card (issue 37).
 */
function fixedT(i18n: I18n, language: string): TFunction {
  // The keys' types are checked where `t` is called (TFunction); here any key goes through.
  const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
  return ((key: string, options?: object) =>
    translate(key, { ...options, lng: language })) as unknown as TFunction;
}
