import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { setLanguage, SUPPORTED_LANGUAGES, useLanguage, htmlLang } from '../../shared/i18n';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { noMarginStyle, subheadingStyle } from '../../shared/ui/styles';
import { useAppSelector } from '../../app/hooks';
import { selectTheme } from './shopSelectors';

/**
 * Issue 39: the phone's language choice, in the footer of every shop page (a kiosk has its own buttons in the
 * header). Named "Språk / Language / Kieli" in every language, and each language in its own words, so a
 * customer finds theirs whatever the page shows now; each a 44 px target. The choice is remembered as §1 says
 * (cookie `i18next` and local storage, setLanguage); an `?lng` in the address follows it, so a reload keeps it.
 * The page is not reloaded: the cart and everything typed stay as they are.
 */
export function LanguageFooter() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const theme = useAppSelector(selectTheme);
  const [search, setSearch] = useSearchParams();
  const choose = (language: (typeof SUPPORTED_LANGUAGES)[number]) => {
    void setLanguage(i18n, language);
    if (search.has('lng'))
      setSearch(
        (params) => {
          params.set('lng', language);
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
  };
  return (
    <section aria-labelledby="language-choice">
      <h2 id="language-choice" css={subheadingStyle}>
        {t('common.languageChoice')}
      </h2>
      <div
        role="group"
        aria-labelledby="language-choice"
        css={{ ...noMarginStyle, display: 'flex', flexWrap: 'wrap', gap: space.sm }}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={htmlLang(language)}
            aria-pressed={current === language}
            onClick={() => choose(language)}
            css={{
              minHeight: touchTarget.phone,
              minWidth: touchTarget.phone,
              padding: `0 ${space.md}px`,
              font: 'inherit',
              fontWeight: 600,
              borderRadius: radius.sm,
              cursor: 'pointer',
              border: `2px solid ${theme.linkColor}`,
              background: current === language ? theme.linkColor : 'transparent',
              color: current === language ? theme.backgroundColor : theme.linkColor,
            }}
          >
            {t(`common.languages.${language}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
