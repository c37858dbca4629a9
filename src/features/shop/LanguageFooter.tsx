import { css } from '@emotion/react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useSearchParams } from 'react-router';
import { htmlLang, setLanguage, SUPPORTED_LANGUAGES, useLanguage } from '../../shared/i18n';
import { space } from '../../shared/theme/tokens';
import { buttonStyle } from '../../shared/ui/Button';
import { subheadingStyle } from '../../shared/ui/styles';

/**
 * Issue 39: the phone's language choice, in the footer of every shop page (a kiosk has its own buttons in the
 * header). Named "Språk / Language / Kieli" in every language, and each language in its own words, so a
 * customer finds theirs whatever the page shows now; each a 44 px button, the one in use pressed. The choice
 * is remembered as §1 says (cookie `i18next` and local storage: setLanguage); an `?lng` in the address
 * follows it, so a reload keeps it. Nothing is reloaded: the cart and everything typed stay as they are.
 */
/** The buttons' row, serialised once. */
const choicesCss = css({ display: 'flex', flexWrap: 'wrap', gap: space.sm });

export function LanguageFooter() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const [search, setSearch] = useSearchParams();
  return (
    <section aria-labelledby="language-choice">
      <h2 id="language-choice" css={subheadingStyle}>
        {t('common.languageChoice')}
      </h2>
      <div role="group" aria-labelledby="language-choice" css={choicesCss}>
        {SUPPORTED_LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={htmlLang(language)}
            // A tap before the app runs is held and pressed again on this same button (src/earlyStart).
            data-tap={`language:${language}`}
            aria-pressed={current === language}
            onClick={() => {
              void setLanguage(i18n, language);
              if (search.has('lng'))
                setSearch((params) => (params.set('lng', language), params), {
                  replace: true,
                  preventScrollReset: true,
                });
            }}
            css={buttonStyle(current === language ? 'primary' : 'secondary')}
          >
            {t(`common.languages.${language}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
