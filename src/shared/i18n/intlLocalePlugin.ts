/**
 * i18next hands its language code straight to `Intl` for plural rules and for the built-in `{{x, number}}`
 * style formatters. Our Swedish code 'se' is Northern Sami to `Intl`, whose plural rules have a 'two'
 * category: `t('cart.itemCount', { count: 2 })` would look for `itemCount_two`, which Swedish does not
 * have. This plugin makes i18next use `intlLocale` ('se' → 'sv-SE') wherever it asks `Intl`.
 */
import type { i18n, ThirdPartyModule } from 'i18next';
import { isLanguage, intlLocale } from './languages';

/** The part of i18next's (untyped) plural resolver this plugin wraps. */
interface PluralRuleSource {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/** A product code becomes its Intl locale; anything else (an explicit 'sv-SE' in options) passes through. */
function toIntl(code: string | undefined): string | undefined {
  return isLanguage(code) ? intlLocale(code) : code;
}

function patchPluralRules(instance: i18n): void {
  const resolver: PluralRuleSource | undefined = instance.services.pluralResolver;
  if (!resolver || typeof resolver.getRule !== 'function') return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(toIntl(code) ?? code, options);
}

function patchFormatters(instance: i18n): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  formatter.addCached('number', (lng, opt: Intl.NumberFormatOptions) => {
    const format = new Intl.NumberFormat(toIntl(lng), { ...opt });
    return (value: number | bigint) => format.format(value);
  });
  formatter.addCached('currency', (lng, opt: Intl.NumberFormatOptions) => {
    const format = new Intl.NumberFormat(toIntl(lng), { ...opt, style: 'currency' });
    return (value: number | bigint) => format.format(value);
  });
  formatter.addCached('datetime', (lng, opt: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(toIntl(lng), { ...opt });
    return (value: Date | number) => format.format(value);
  });
  formatter.addCached('list', (lng, opt: Intl.ListFormatOptions) => {
    const format = new Intl.ListFormat(toIntl(lng), { ...opt });
    return (value: string[]) => format.format(value);
  });
}

/**
 * i18next plugin: plural rules and built-in formatters use 'sv-SE' for the product language 'se'.
 * Register it with `instance.use(intlLocalePlugin)` before `init`; it runs once the services exist.
 */
export const intlLocalePlugin: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: i18n): void {
    patchPluralRules(instance);
    patchFormatters(instance);
  },
};
