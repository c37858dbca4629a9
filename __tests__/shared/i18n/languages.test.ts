import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  htmlLang,
  intlLocale,
  isLanguage,
  parseLanguage,
  toLanguage,
} from '../../../src/shared/i18n';

describe('languages (SPEC §1: Swedish se, English en, Finnish fi; fallback English)', () => {
  it('supports exactly se, en and fi, with English as the fallback', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['se', 'en', 'fi']);
    expect(FALLBACK_LANGUAGE).toBe('en');
  });

  it.each(['se', 'sv', 'sv-SE', 'sv_SE', 'SV-se', 'sv-FI'])('reads %s as Swedish (se)', (code) => {
    expect(toLanguage(code)).toBe('se');
  });

  it.each(['fi', 'fi-FI', 'FI_fi'])('reads %s as Finnish (fi)', (code) => {
    expect(toLanguage(code)).toBe('fi');
  });

  it.each(['en', 'en-GB', 'en-US', 'en_US'])('reads %s as English (en)', (code) => {
    expect(toLanguage(code)).toBe('en');
  });

  it.each([['xx'], ['de-DE'], [''], [null], [undefined], ['<b>x</b>'], ['nb-NO']])(
    'falls back to English for %p (SPEC §1 fallback English)',
    (code) => {
      expect(toLanguage(code)).toBe('en');
      expect(parseLanguage(code)).toBeUndefined();
    },
  );

  it('isLanguage accepts only the product codes as spelled', () => {
    expect(isLanguage('se')).toBe(true);
    expect(isLanguage('sv')).toBe(false);
    expect(isLanguage('__proto__')).toBe(false);
    expect(isLanguage(3)).toBe(false);
  });

  it("hands 'sv-SE' to Intl for 'se', which Intl would read as Northern Sami (DESIGN: Intl facts)", () => {
    expect(intlLocale('se')).toBe('sv-SE');
    expect(intlLocale('fi')).toBe('fi-FI');
    expect(intlLocale('en')).toBe('en-GB');
  });

  it("uses BCP 47 'sv' for <html lang> when the language is 'se'", () => {
    expect(htmlLang('se')).toBe('sv');
    expect(htmlLang('fi')).toBe('fi');
    expect(htmlLang('en')).toBe('en');
  });
});
